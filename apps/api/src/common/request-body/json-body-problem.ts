import { MAX_TEST_CASES } from '@oj/contracts';

/** No request DTO nests deeper than a few levels; beyond this a body is hostile (recursion in the transformers). */
export const MAX_JSON_DEPTH = 32;
/** The longest list any request DTO accepts (test cases). Longer lists are refused before validation walks them. */
export const MAX_JSON_LIST_ITEMS = MAX_TEST_CASES;

const NOT_UNICODE = 'The request body contains text that is not valid Unicode.';
/** Node 20 has String.prototype.isWellFormed (no lone surrogates); our TypeScript lib (ES2023) does not declare it yet. */
const isWellFormed = (text: string): boolean => (text as string & { isWellFormed(): boolean }).isWellFormed();

/**
 * Why a parsed JSON body is refused before class-transformer and class-validator see it, or undefined.
 * Iterative on purpose: a recursive walk would overflow on exactly the bodies it is meant to catch.
 * Lone surrogates (`"\ud800"` is valid JSON) cannot be stored as UTF-8 and make validators throw.
 */
export function jsonBodyProblem(body: unknown): string | undefined {
  const pending: { value: unknown; depth: number }[] = [{ value: body, depth: 0 }];
  while (pending.length) {
    const { value, depth } = pending.pop() as { value: unknown; depth: number };
    if (typeof value === 'string' && !isWellFormed(value)) return NOT_UNICODE;
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_JSON_DEPTH) return `Request body is nested more than ${MAX_JSON_DEPTH} levels deep.`;
    if (Array.isArray(value) && value.length > MAX_JSON_LIST_ITEMS)
      return `A list in the request body has more than ${MAX_JSON_LIST_ITEMS} items.`;
    if (!Array.isArray(value) && !Object.keys(value).every(isWellFormed)) return NOT_UNICODE;
    for (const child of Array.isArray(value) ? value : Object.values(value)) pending.push({ value: child, depth: depth + 1 });
  }
  return undefined;
}
