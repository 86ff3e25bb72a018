import type { CheckerSettings, Difficulty, InteractorSettings, LanguageTemplate, Subtask, TimeLimitRule } from '@oj/contracts';

import { whyNotText } from '../test-data-text';
import { ArchiveFile, ArchiveRejectedError } from '../zip/test-archive-reader';

/** A file of an exported package. */
export interface PackageEntry {
  path: string;
  content: string;
}

/** A problem read from a package: the fields of a problem save (checked by the same DTO), and what was not carried over. */
export interface ImportedProblem {
  title: string;
  statement: string;
  inputFormat: string;
  outputFormat: string;
  constraints: string;
  cpuTimeLimit: number;
  memoryLimit: number;
  difficulty?: Difficulty;
  samples: { input: string; output: string; explanation?: string }[];
  testCases: { input: string; output: string; points: number; subtask?: number }[];
  subtasks: Subtask[];
  checker: CheckerSettings;
  /** An interactive problem's interactor; the problem is standard without one. */
  interactor?: InteractorSettings;
  /** The output limit per test in MB (MiB, as the formats count), when the package gives one; the judge's default else. */
  outputLimit?: number;
  /** The package's starter code (package-templates.ts); left out when it holds none, so an update keeps the saved ones. */
  templates?: LanguageTemplate[];
}

/** A package's main (accepted) solution, to validate against its tests once imported. */
export interface PackageSolution {
  path: string;
  /** Judge0 id; undefined for a language this judge does not run. */
  languageId?: number;
  source: string;
}

/**
 * The time limit as the package gives it (`cpuTimeLimit` is then set), or the rule to derive it from the accepted
 * submissions' run times once they are judged: the slowest time times `multiplier`, rounded up to a multiple of
 * `resolutionSeconds`.
 */
export type PackageTimeLimit =
  | { rule: Exclude<TimeLimitRule, 'derived'>; detail: string }
  | { rule: 'derived'; multiplier: number; resolutionSeconds: number; submissions: PackageSolution[]; detail: string };

export interface PackageReading {
  problem: ImportedProblem;
  warnings: string[];
  mainSolution?: PackageSolution;
  timeLimit: PackageTimeLimit;
}

/** Folders deep enough for any package (`data/secret/group/sub/1.in` is 5); deeper is a hostile archive's. */
const MAX_PATH_DEPTH = 32;

/**
 * An archive's files by path. A package zipped with its folder (`a-plus-b/problem.xml`) reads as if zipped from
 * inside it, as Polygon's and Kattis' tools both produce either.
 */
export class PackageFiles {
  private readonly byPath = new Map<string, Buffer>();
  /** What every text read passes through, by the file's path (a format's constants, see icpc-constants.ts). */
  private textTransform: (path: string, text: string) => string = (_path, text) => text;

  constructor(files: ArchiveFile[], marker: string[]) {
    const deep = files.find((f) => f.path.split('/').length > MAX_PATH_DEPTH);
    if (deep) throw new ArchiveRejectedError(`The archive holds a path deeper than ${MAX_PATH_DEPTH} folders: ${deep.path.slice(0, 80)}…`);
    const root = files.map((f) => f.path).find((p) => marker.some((m) => p === m || p.endsWith(`/${m}`)) && p.split('/').length <= 2);
    const prefix = root && root.includes('/') ? root.slice(0, root.indexOf('/') + 1) : '';
    for (const file of files) if (file.path.startsWith(prefix)) this.byPath.set(file.path.slice(prefix.length), file.content);
  }

  has(path: string): boolean {
    return this.byPath.has(normalise(path));
  }

  paths(): string[] {
    return [...this.byPath.keys()];
  }

  /** The file's bytes; a listed file that is absent is the package's fault, named in the refusal. */
  require(path: string, what: string): Buffer {
    const content = this.byPath.get(normalise(path));
    if (!content) throw new ArchiveRejectedError(`${what} ${path} is listed but missing from the archive.`);
    return content;
  }

  /** A text file's content, or undefined when absent; bytes that are not UTF-8 text are refused, naming the file. */
  text(path: string): string | undefined {
    const clean = normalise(path);
    const content = this.byPath.get(clean);
    if (content === undefined) return undefined;
    if (whyNotText(content)) throw new ArchiveRejectedError(`${path} is not UTF-8 text.`);
    return this.textTransform(clean, content.toString('utf8'));
  }

  /** Makes every later text read pass through `transform`, given the file's path inside the package. */
  transformTexts(transform: (path: string, text: string) => string): void {
    this.textTransform = transform;
  }

  /** Whether the file is there and UTF-8 text. */
  isText(path: string): boolean {
    const content = this.byPath.get(normalise(path));
    return content !== undefined && !whyNotText(content);
  }

  requireText(path: string, what: string): string {
    this.require(path, what);
    return this.text(path) as string;
  }
}

/** Packages name files relative to their root; `./` and `\` occur in hand-made ones. A `..` never resolves outside. */
function normalise(path: string): string {
  const clean = path.replace(/\\/g, '/').replace(/^(\.\/)+/, '');
  if (clean.startsWith('/') || clean.split('/').includes('..'))
    throw new ArchiveRejectedError(`The package names a path outside the archive: ${path}`);
  return clean;
}

/** How many names a warning lists before it counts the rest: a package may hold any number of them. */
const NAMED_IN_A_WARNING = 10;

/** Names for a warning: the first ten, then how many more (`a, b, c and 12 more`). */
export function namedBriefly(names: readonly string[]): string {
  const shown = names.slice(0, NAMED_IN_A_WARNING).join(', ');
  return names.length > NAMED_IN_A_WARNING ? `${shown} and ${names.length - NAMED_IN_A_WARNING} more` : shown;
}

/** A float with a unit, as the package gives it, within our bounds; out of bounds it is clamped with a warning. */
export function clamp(value: number, bounds: { min: number; max: number }, what: string, warnings: string[]): number {
  const clamped = Math.min(bounds.max, Math.max(bounds.min, value));
  if (clamped !== value) warnings.push(`${what} ${value} is outside ${bounds.min}–${bounds.max}: set to ${clamped}.`);
  return clamped;
}
