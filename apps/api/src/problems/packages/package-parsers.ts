import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { Lexer, parse as parseYaml } from 'yaml';

import { ArchiveRejectedError } from '../zip/test-archive-reader';

/**
 * Bounds on the text a package hands our parsers (issue 32): a hostile problem.yaml of 50,000 nested `[` overflowed
 * the YAML composer's stack, and a second one aborted the process. Every YAML and XML file of a package is refused,
 * naming it, when it is larger, deeper or more aliased than any real package, before the recursive parsers see it.
 */
export const PACKAGE_PARSE_LIMITS = {
  yamlBytes: 64 * 1024,
  xmlBytes: 1024 * 1024,
  /** Nesting of collections or elements; real packages nest 4 to 6 levels. */
  depth: 64,
  /** YAML aliases expanded per file (the `yaml` package's maxAliasCount): a billion-laughs file stops here. */
  yamlAliases: 100,
} as const;

/** A package's YAML file as plain data; any refusal names the file. */
export function parsePackageYaml(text: string, path: string): unknown {
  if (Buffer.byteLength(text) > PACKAGE_PARSE_LIMITS.yamlBytes)
    throw new ArchiveRejectedError(`${path} is larger than ${PACKAGE_PARSE_LIMITS.yamlBytes / 1024} KiB.`);
  if (yamlDepth(text) > PACKAGE_PARSE_LIMITS.depth)
    throw new ArchiveRejectedError(`${path} nests deeper than ${PACKAGE_PARSE_LIMITS.depth} levels.`);
  try {
    return parseYaml(text, { maxAliasCount: PACKAGE_PARSE_LIMITS.yamlAliases, prettyErrors: false });
  } catch (error) {
    throw new ArchiveRejectedError(`${path} is not valid YAML: ${firstLine(error)}`);
  }
}

/**
 * An upper bound of a YAML text's nesting, from the lexer's tokens (an iterative state machine, unlike the composer):
 * open flow collections, plus the block indentation levels and the compact `- - -`, `? ` and `:` indicators of the
 * line. It may count a level twice; it never counts one too few.
 */
function yamlDepth(text: string): number {
  let flow = 0;
  let onLine = 0;
  let lineStart = true;
  const indents: number[] = [];
  let deepest = 0;
  for (const token of new Lexer().lex(text)) {
    if (token === '\n') {
      lineStart = true;
      onLine = 0;
      continue;
    }
    if (lineStart && /^ +$/.test(token)) {
      while (indents.length && indents[indents.length - 1] >= token.length) indents.pop();
      indents.push(token.length);
      lineStart = false;
      continue;
    }
    if (lineStart && token.length && token[0] !== '\x02' && token[0] !== '\x1f') {
      indents.length = 0;
      lineStart = false;
    }
    if (token === '[' || token === '{') flow++;
    else if (token === ']' || token === '}') flow = Math.max(0, flow - 1);
    else if (token === '-' || token === '?' || token === ':') onLine++;
    deepest = Math.max(deepest, flow + onLine + indents.length);
  }
  return deepest;
}

const xmlParser = (arrays: ReadonlySet<string>) =>
  new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    isArray: (name) => arrays.has(name),
    maxNestedTags: PACKAGE_PARSE_LIMITS.depth,
  });

/**
 * A package's XML file as nested objects (fast-xml-parser, attributes prefixed `@`). A document type declaration is
 * refused outright, so no entity, internal or external (XXE), is ever defined or expanded; any refusal names the file.
 */
export function parsePackageXml(text: string, path: string, arrays: ReadonlySet<string>): Record<string, unknown> {
  if (Buffer.byteLength(text) > PACKAGE_PARSE_LIMITS.xmlBytes)
    throw new ArchiveRejectedError(`${path} is larger than ${PACKAGE_PARSE_LIMITS.xmlBytes / (1024 * 1024)} MiB.`);
  if (/<!DOCTYPE|<!ENTITY/i.test(text))
    throw new ArchiveRejectedError(`${path} declares a document type (<!DOCTYPE>): entities are not allowed in packages.`);
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new ArchiveRejectedError(`${path} is not well-formed XML: ${valid.err.msg} (line ${valid.err.line}).`);
  try {
    return xmlParser(arrays).parse(text) as Record<string, unknown>;
  } catch (error) {
    throw new ArchiveRejectedError(`${path} could not be read: ${firstLine(error)}`);
  }
}

function firstLine(error: unknown): string {
  return String((error as Error)?.message ?? error)
    .split('\n')[0]
    .slice(0, 200);
}
