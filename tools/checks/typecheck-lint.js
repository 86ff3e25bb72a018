#!/usr/bin/env node
// The typecheck (tsc --noEmit) and the lint (ESLint, zero warnings) of every project, in one process on one set of
// TypeScript programs. Each project's own tsconfig.json and a type-aware ESLint would each parse and check the libs
// and the API's sources again (the libs are consumed as sources through tsconfig.base.json's paths): here each
// option set is one program, built once, linted by ESLint's type-aware rules and then asked for its diagnostics,
// so what the rules already checked is not checked twice. See DEVELOPMENT.md ("Checks before a commit").
// Usage: node tools/checks/typecheck-lint.js; exits 1 on any type error, lint error or lint warning.
const { existsSync } = require('fs');
const { dirname, join, relative, resolve } = require('path');
const { createProjectGraphAsync } = require('@nx/devkit');
const ts = require('typescript');
const { ESLint } = require('eslint');

const root = resolve(__dirname, '../..');

/**
 * One tsconfig per option set: the server's projects (apps/api, its test helpers, the worker, the system tests, the
 * libs they share, tools/test) agree on their options, so tsconfig.server.json checks them as one program; the SPA,
 * the browser journeys and the generated client each have options of their own (DOM, JSX, no Node or Jest types).
 */
const TSCONFIGS = [
  'tools/checks/tsconfig.server.json',
  'apps/web/tsconfig.json',
  'apps/web-e2e/tsconfig.json',
  'libs/api-client/tsconfig.json',
];

/** What ESLint lints: every project (eslint.config.mjs ignores what is generated or built). */
const LINTED = ['apps', 'libs', 'tools'];

/** A program as tsc -p would build it, and the globs (relative to the root) of the files it checks. */
function programOf(tsconfig) {
  const configPath = join(root, tsconfig);
  const configDiagnostics = [];
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configPath,
    { noEmit: true },
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => configDiagnostics.push(diagnostic),
    },
  );
  if (!parsed) return { tsconfig, files: [], configDiagnostics };
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    projectReferences: parsed.projectReferences,
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(parsed),
  });
  const files = parsed.raw.include.map((glob) => relative(root, resolve(dirname(configPath), glob)));
  return { tsconfig, program, files, configDiagnostics };
}

/** A tsconfig's options as tsc uses them, without where the file is (`types` in any order). */
function optionsKey(options) {
  const { configFilePath: _configFilePath, ...rest } = options;
  return JSON.stringify({ ...rest, types: rest.types && [...rest.types].sort() }, Object.keys(rest).sort());
}

/**
 * Each project's own tsconfig.json has its files checked by one of the programs, under the same options: otherwise a
 * project added (or a tsconfig changed) would silently go unchecked, or be checked under options not its own.
 */
function uncoveredProjects(programs) {
  const checked = programs
    .filter(({ program }) => program)
    .map(({ tsconfig, program }) => ({
      tsconfig,
      roots: new Set(program.getRootFileNames()),
      options: optionsKey(program.getCompilerOptions()),
    }));
  const projectConfigs = ts.sys
    .readDirectory(root, ['project.json'], ['node_modules', 'dist'], ['apps/**/project.json', 'libs/**/project.json', 'tools/project.json'])
    .map((projectJson) => join(dirname(projectJson), 'tsconfig.json'))
    .filter((tsconfig) => existsSync(tsconfig));
  return projectConfigs.flatMap((tsconfig) => {
    const parsed = ts.getParsedCommandLineOfConfigFile(
      tsconfig,
      { noEmit: true },
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
    );
    const by = parsed && checked.find(({ roots }) => parsed.fileNames.every((file) => roots.has(file)));
    if (!by) return [`${relative(root, tsconfig)}: some of its files are in none of ${TSCONFIGS.join(', ')}`];
    if (by.options !== optionsKey(parsed.options))
      return [`${relative(root, tsconfig)}: its options differ from ${by.tsconfig}'s, which checks it`];
    return [];
  });
}

/** The project a file belongs to: the nearest directory above it with a project.json, relative to the root. */
function projectOf(fileName) {
  for (let dir = dirname(fileName); dir.startsWith(root) && dir !== root; dir = dirname(dir)) {
    if (existsSync(join(dir, 'project.json'))) return relative(root, dir);
  }
  return relative(root, fileName);
}

async function lint(programs) {
  // Each file is linted on the program that checks it (instead of the program of its nearest tsconfig.json, which
  // eslint.config.mjs's projectService gives the ESLint command line and editors).
  const eslint = new ESLint({
    cwd: root,
    overrideConfig: programs
      .filter(({ program }) => program)
      .map(({ program, files }) => ({ files, languageOptions: { parserOptions: { projectService: false, programs: [program] } } })),
  });
  const results = await eslint.lintFiles(LINTED);
  const formatter = await eslint.loadFormatter('stylish');
  process.stdout.write(await formatter.format(results));
  const errors = results.reduce((sum, result) => sum + result.errorCount + result.fatalErrorCount, 0);
  const warnings = results.reduce((sum, result) => sum + result.warningCount, 0);
  console.log(`lint: ${results.length} files, ${errors} error(s), ${warnings} warning(s) (none allowed)`);
  return errors === 0 && warnings === 0;
}

function typecheck(programs) {
  const host = { getCanonicalFileName: (name) => name, getCurrentDirectory: () => root, getNewLine: () => '\n' };
  let passed = true;
  for (const { tsconfig, program, configDiagnostics } of programs) {
    const diagnostics = [...configDiagnostics, ...(program ? ts.getPreEmitDiagnostics(program) : [])];
    if (diagnostics.length) process.stdout.write(ts.formatDiagnosticsWithColorAndContext(diagnostics, host));
    const byProject = new Map();
    for (const { file } of diagnostics) {
      const project = file ? projectOf(file.fileName) : tsconfig;
      byProject.set(project, (byProject.get(project) ?? 0) + 1);
    }
    const where = [...byProject].map(([project, count]) => `${count} in ${project}`).join(', ');
    console.log(`typecheck ${tsconfig}: ${diagnostics.length ? `${diagnostics.length} error(s): ${where}` : 'no error'}`);
    passed &&= diagnostics.length === 0;
  }
  return passed;
}

/**
 * @nx/enforce-module-boundaries keeps the project graph it reads for the whole run only when it believes it runs
 * from a terminal, which it tells by the script's path alone (the eslint or nx binary, or Jest's); anywhere else (an
 * editor) it reads and parses Nx's cached graph again for every file: 1,080 times here, 14.6 of this script's 98
 * CPU-seconds (bench/BENCHMARKS.md, "On a ninth machine"). This script is a terminal run, so it says so by
 * naming ESLint's command as the script; nothing else in the process reads that entry.
 */
function runAsESLintFromTerminal() {
  process.argv[1] = join(root, 'node_modules/.bin/eslint');
}

async function main() {
  // @nx/enforce-module-boundaries reads Nx's cached project graph, and without one it warns and skips its checks (a
  // checkout where no Nx command ran yet, this script run by hand): built, or read from the cache, first.
  await createProjectGraphAsync({ exitOnError: true });
  runAsESLintFromTerminal();
  const programs = TSCONFIGS.map(programOf);
  const uncovered = uncoveredProjects(programs);
  for (const problem of uncovered) console.log(`typecheck: ${problem}`);
  // Lint first: the diagnostics then reuse the types the type-aware rules made each program's checker compute.
  const linted = await lint(programs);
  const typechecked = typecheck(programs);
  process.exitCode = linted && typechecked && uncovered.length === 0 ? 0 : 1;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 2;
});
