// A test file the runner imports is CommonJS TypeScript: Node's CommonJS loader (and the swc hook) loads it.
export async function load(url, context, nextLoad) {
  if (/\.ts(\?|$)/.test(url)) return { format: 'commonjs', shortCircuit: true };
  return nextLoad(url, context);
}
