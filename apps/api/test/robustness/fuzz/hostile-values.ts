/** A small seeded generator (mulberry32): the same seed sends the same requests. */
export { seededRandom } from '@oj/api-testing';

export function nested(levels: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

/** JSON text too deep for JSON.stringify, spliced into a body where its placeholder string stands. */
const DEEP_5000 = '\u0001deep-5000';
const RAW_JSON = new Map<string, string>([[DEEP_5000, `${'{"a":['.repeat(2500)}1${']}'.repeat(2500)}`]]);

export function toJsonText(value: unknown): string {
  let text = JSON.stringify(value);
  for (const [placeholder, raw] of RAW_JSON) text = text.split(JSON.stringify(placeholder)).join(raw);
  return text;
}

const CHARS = 'aZ0 _-.%/\\\'"<>{}[]\n\t\u0000\u00e9\u4e2d\ud83d\ude00';

function randomText(random: () => number, length: number): string {
  // Code points from a mix of ASCII, controls and astral characters; surrogate pairs kept whole.
  const units = Array.from(CHARS);
  return Array.from({ length }, () => units[Math.floor(random() * units.length)]).join('');
}

/** Values for one property of a JSON body: null, wrong types, huge and nested values, numbers out of range. */
export function hostileJsonValues(random: () => number): { label: string; value: unknown }[] {
  return [
    { label: 'null', value: null },
    { label: 'true', value: true },
    { label: '-1', value: -1 },
    { label: '1.5', value: 1.5 },
    { label: '2^31', value: 2 ** 31 },
    { label: '-1e308', value: -1e308 },
    { label: 'empty string', value: '' },
    { label: 'numeric string', value: '71' },
    { label: 'NUL byte', value: 'a\u0000b' },
    { label: 'lone surrogate', value: '\ud800' },
    { label: 'random text', value: randomText(random, 1 + Math.floor(random() * 64)) },
    { label: 'huge string', value: '\u4e2d'.repeat(100_000) },
    { label: 'list of null', value: [null] },
    { label: 'huge list of strings', value: Array(20_000).fill('x') },
    { label: 'list of 1,000 objects', value: Array(1000).fill({}) },
    { label: 'object', value: { input: 'x', output: 'y', a: { b: [1] } } },
    { label: 'nested 30 levels', value: nested(30) },
    { label: 'nested 5,000 levels', value: DEEP_5000 },
    { label: 'random number', value: Math.floor((random() - 0.5) * 2 ** 40) / 7 },
  ];
}

/** Values for a path or query parameter, as they appear in a URL (already encoded). */
export function hostileUrlValues(random: () => number): { label: string; value: string }[] {
  const raw = [
    '',
    '0',
    '-1',
    '1.5',
    '1e3',
    '2147483648',
    '99999999999999999999',
    'NaN',
    'null',
    'true',
    'abc',
    ' 1',
    '\u0000',
    '\ud83d\ude00',
    '2026-13-45',
    '0000-00-00T00:00:00Z',
    '99999-01-01',
    '../../etc/passwd',
    "' OR '1'='1",
    '%',
    '00000000-0000-0000-0000-000000000000',
    'x'.repeat(4000),
    randomText(random, 1 + Math.floor(random() * 32)),
  ];
  return raw.map((v) => ({
    label: JSON.stringify(v.length > 40 ? `${v.slice(0, 10)}…(${v.length})` : v),
    value: encodeURIComponent(v.replace(/[\ud800-\udfff]/g, '')),
  }));
}

/** Whole JSON bodies that are not the object a route expects. */
export function hostileBodies(): { label: string; raw: string; contentType?: string }[] {
  return [
    { label: 'top-level array', raw: JSON.stringify([{ a: 1 }]) },
    { label: 'top-level array of 100,000 objects', raw: `[${Array(100_000).fill('{}').join(',')}]` },
    { label: 'string body', raw: '"x"' },
    { label: 'number body', raw: '42' },
    { label: 'null body', raw: 'null' },
    { label: 'malformed JSON', raw: '{"a":' },
    { label: 'empty body', raw: '' },
    { label: 'nested 5,000 levels', raw: toJsonText(DEEP_5000) },
    { label: 'extra and prototype keys', raw: '{"__proto__":{"role":"admin"},"constructor":{"prototype":{"x":1}},"extra":1}' },
    { label: 'a 2 MB body', raw: JSON.stringify({ x: 'x'.repeat(2_000_000) }) },
    { label: 'text/plain body', raw: 'hello', contentType: 'text/plain' },
    { label: 'form body', raw: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  ];
}
