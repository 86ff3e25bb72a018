#!/usr/bin/env node
// The SPA's first-load budget: the gzipped JS a browser must fetch before the first route renders, read from
// Vite's manifest (the entry and every chunk it imports statically; route chunks loaded later do not count).
// Usage: node tools/web-budget.js [outDir=dist/web] [budgetKB=200]; exits 1 when over the budget.
const { readFileSync } = require('fs');
const { join, resolve } = require('path');
const { gzipSync } = require('zlib');

const DEFAULT_BUDGET_KB = 200;

/** The files (and their gzipped bytes) of the entry's static import closure. */
function firstRouteJs(outDir) {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'));
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error(`no entry in ${outDir}/.vite/manifest.json`);
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  visit(entry);
  const files = [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  const sized = files.map((file) => ({ file, gzipBytes: gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length }));
  return { files: sized, gzipBytes: sized.reduce((sum, f) => sum + f.gzipBytes, 0) };
}

module.exports = { firstRouteJs, DEFAULT_BUDGET_KB };

if (require.main === module) {
  const outDir = resolve(process.argv[2] ?? 'dist/web');
  const budgetKB = Number(process.argv[3] ?? DEFAULT_BUDGET_KB);
  const { files, gzipBytes } = firstRouteJs(outDir);
  for (const f of files) console.log(`${(f.gzipBytes / 1024).toFixed(1).padStart(8)} KB  ${f.file}`);
  console.log(`${(gzipBytes / 1024).toFixed(1).padStart(8)} KB  first route, gzipped JS (budget ${budgetKB} KB)`);
  if (gzipBytes > budgetKB * 1024) process.exit(1);
}
