#!/usr/bin/env node
// The CPU of N browser contexts, one after the other, each with one page of a tiny local site, in the browser the
// journeys launch (apps/web-e2e/src/browser.ts: this checkout's, or a commit's with --rev), beside how many renderers
// and top-chrome WebUI renderers were alive while a context was open. Chromium's processes are sampled from /proc
// every 0.1 s (utime + stime, each process's last value), so a renderer's last 0.1 s may be missed: run it under
// bench/cpu-time.sh for the exact total (the cgroup's, which includes this script's node).
// With --url, each context opens that page (the app's, say: `PORT=3300 npm start`, then --url
// http://127.0.0.1:3300/problems) instead of the tiny site, and the same page is then loaded as many times again in
// one context, so the figures show what a new context costs beyond loading the page in one already open.
// Usage: node bench/browser/contexts.js [--contexts 10] [--rev <commit>] [--url <address>]
const { execFileSync } = require('child_process');
const { readdirSync, readFileSync } = require('fs');
const http = require('http');
const Module = require('module');
const path = require('path');
const ts = require('typescript');

const ROOT = path.join(__dirname, '../..');
const BROWSER_TS = 'apps/web-e2e/src/browser.ts';

function option(name, fallback) {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : fallback;
}

/** browser.ts compiled in memory, resolving its imports from its own folder, so both sides of an A/B load the same way. */
function loadBrowserModule(rev) {
  const file = path.join(ROOT, BROWSER_TS);
  const source = rev ? execFileSync('git', ['show', `${rev}:${BROWSER_TS}`], { cwd: ROOT, encoding: 'utf8' }) : readFileSync(file, 'utf8');
  const compiled = new Module(file, module);
  compiled.filename = file;
  compiled.paths = Module._nodeModulePaths(path.dirname(file));
  compiled._compile(ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS } }).outputText, file);
  return compiled.exports;
}

function stat(pid) {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { parent: Number(fields[1]), cpuSeconds: (Number(fields[11]) + Number(fields[12])) / 100 };
}

function descendants(root) {
  const children = new Map();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const { parent } = stat(entry);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // exited meanwhile
    }
  }
  const found = [];
  for (const queue = [root]; queue.length > 0;) {
    for (const child of children.get(queue.pop()) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

function commandLine(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}

/** A process's kind: chromium's --type (and utility sub-type; "webui" for a top-chrome WebUI renderer), or browser. */
function kind(args) {
  const type = /--type=([\w-]+)/.exec(args)?.[1] ?? 'browser';
  const subType = /--utility-sub-type=([\w.]+)/.exec(args)?.[1];
  return `${type}${args.includes('--top-chrome-webui') ? ' (top-chrome webui)' : ''}${subType ? ` ${subType}` : ''}`;
}

async function main() {
  const contexts = Number(option('--contexts', '10'));
  const rev = option('--rev', undefined);
  const browserModule = loadBrowserModule(rev);
  // What global setup does before the journeys (where browser.ts has it), kept out of the figures as it is there.
  await browserModule.playwrightDisabledFeaturesArg?.();
  const url = option('--url', undefined);
  const site = http.createServer((req, res) => res.end('<!doctype html><title>Tiny</title><p>A tiny page.</p>'));
  if (!url) await new Promise((resolve) => site.listen(0, '127.0.0.1', resolve));
  const address = url ?? `http://127.0.0.1:${site.address().port}/`;

  const lastCpu = new Map();
  const kinds = new Map();
  const sample = () => {
    for (const pid of descendants(process.pid)) {
      try {
        lastCpu.set(pid, stat(pid).cpuSeconds);
        if (!kinds.has(pid)) kinds.set(pid, kind(commandLine(pid)));
      } catch {
        // exited meanwhile
      }
    }
  };
  const sampler = setInterval(sample, 100);
  const started = Date.now();
  const browser = await browserModule.launchBrowser();
  let renderers = 0;
  let webuiRenderers = 0;
  for (let i = 0; i < contexts; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(address, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    sample();
    const alive = descendants(process.pid)
      .map(commandLine)
      .filter((args) => args.includes('--type=renderer'));
    renderers = Math.max(renderers, alive.length);
    webuiRenderers = Math.max(webuiRenderers, alive.filter((args) => args.includes('--top-chrome-webui')).length);
    await context.close();
  }
  sample();
  const byKind = {};
  for (const [pid, seconds] of lastCpu) byKind[kinds.get(pid)] = (byKind[kinds.get(pid)] ?? 0) + seconds;
  const total = Object.values(byKind).reduce((sum, seconds) => sum + seconds, 0);
  console.log(
    `${rev ?? 'worktree'}: ${contexts} contexts, wall ${((Date.now() - started) / 1000).toFixed(1)} s, chromium ${total.toFixed(2)} CPU-s` +
      ` (${Object.entries(byKind)
        .sort(([, a], [, b]) => b - a)
        .map(([name, seconds]) => `${name} ${seconds.toFixed(2)}`)
        .join(', ')}); renderers alive per context: ${renderers}, of them top-chrome WebUI: ${webuiRenderers}`,
  );
  if (url) {
    // The launch's own CPU is in the total above: the same page loaded again in one context, for comparison.
    const chromiumCpu = () => [...lastCpu.values()].reduce((sum, seconds) => sum + seconds, 0);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(address, { waitUntil: 'networkidle' });
    sample();
    const before = chromiumCpu();
    for (let i = 0; i < contexts; i++) await page.goto(address, { waitUntil: 'networkidle' });
    sample();
    console.log(`the page again in one context: ${((chromiumCpu() - before) / contexts).toFixed(2)} CPU-s a load`);
    await context.close();
  }
  await browser.close();
  clearInterval(sampler);
  if (!url) site.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
