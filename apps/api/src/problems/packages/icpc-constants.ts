import { ArchiveRejectedError } from '../zip/test-archive-reader';
import type { Yaml } from './icpc-test-data';

/** A constant's name, and a variant's (the problem package format, 2025-09: "Constants"). */
const NAME = '[a-zA-Z_][a-zA-Z0-9_]*';
/** `{{name}}` or `{{name.variant}}`, where a file's text holds the constant's value. */
const SEQUENCE = new RegExp(`\\{\\{(${NAME})(?:\\.(${NAME}))?\\}\\}`, 'g');
/** `\constant{name}` or `\constant{name.variant}` in a LaTeX statement. */
const LATEX_COMMAND = new RegExp(`\\\\constant\\{(${NAME})(?:\\.(${NAME}))?\\}`, 'g');

/**
 * The files whose constant sequences are replaced: Markdown and LaTeX statements, input and output validators,
 * included files, example submissions and test group settings; never test data, nor problem.yaml.
 */
const REPLACED_IN =
  /^(?:(?:statement|problem_statement)\/.*\.(?:md|tex)|(?:input_validators?|output_validators?|include|submissions)\/.*|data\/(?:.*\/)?(?:test_group|testdata)\.yaml)$/;

/** Each constant's value and its variants by key (`value` the plain one). */
export type PackageConstants = Map<string, Record<string, string>>;

const scalar = (value: unknown): value is string | number =>
  typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));

/**
 * problem.yaml's `constants`: a map of names to a scalar (integer, float or string) or to a map with a scalar `value`
 * and variants. A malformed one is refused, naming it: its sequences would otherwise reach a validator unreplaced.
 */
export function readConstants(meta: Yaml): PackageConstants {
  const constants: PackageConstants = new Map();
  const given = meta.constants;
  if (given === undefined || given === null) return constants;
  if (typeof given !== 'object' || Array.isArray(given))
    throw new ArchiveRejectedError('problem.yaml: constants must be a map of names to values.');
  for (const [name, value] of Object.entries(given as Yaml)) {
    if (!new RegExp(`^${NAME}$`).test(name))
      throw new ArchiveRejectedError(`problem.yaml: constant name ${JSON.stringify(name)} is not a valid name.`);
    const entries =
      value && typeof value === 'object' && !Array.isArray(value) ? Object.entries(value as Yaml) : [['value', value] as const];
    const variants: Record<string, string> = {};
    for (const [key, variant] of entries) {
      if (!scalar(variant))
        throw new ArchiveRejectedError(`problem.yaml: constant ${name}.${key} must be an integer, a float or a string.`);
      variants[key] = String(variant);
    }
    if (variants.value === undefined) throw new ArchiveRejectedError(`problem.yaml: constant ${name} has no value.`);
    constants.set(name, variants);
  }
  return constants;
}

/**
 * A package file's text with its constant sequences replaced, where the format replaces them (REPLACED_IN); a
 * sequence naming no constant (or no variant of one) is left as it is and reported to `unknown`.
 */
export function withConstants(path: string, text: string, constants: PackageConstants, unknown: (sequence: string) => void): string {
  if (!REPLACED_IN.test(path)) return text;
  const replace = (sequence: string, name: string, variant: string | undefined) => {
    const value = constants.get(name)?.[variant ?? 'value'];
    if (value === undefined) unknown(sequence);
    return value ?? sequence;
  };
  const replaced = text.replace(SEQUENCE, replace);
  return path.endsWith('.tex') ? replaced.replace(LATEX_COMMAND, replace) : replaced;
}
