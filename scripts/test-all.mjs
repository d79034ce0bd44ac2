#!/usr/bin/env node
// `npm test`: lint, typecheck, unit, integration and end-to-end suites, each
// run even when an earlier one fails, then one summary line: "N passed, N failed".
// On Linux the whole run happens inside a private D-Bus session with an
// unlocked gnome-keyring, so keychain tests use a real Secret Service.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

if (process.platform === 'linux' && !process.env.RMM_KEYRING_READY) {
  const result = spawnSync('bash', ['scripts/with-keyring.sh', process.execPath, 'scripts/test-all.mjs', ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  process.exit(result.status ?? 1);
}

const only = process.argv.slice(2);
const bin = (name) => join(root, 'node_modules', '.bin', name);
const results = 'test-results';
mkdirSync(results, { recursive: true });

/**
 * Runs one suite's command. Streamed as it comes, or (`quiet`, for suites that run beside another) kept and
 * printed in one piece when it ends, so two suites' lines never interleave. Resolves with its status and output.
 */
function run(label, command, args, { env = {}, quiet = false } = {}) {
  if (!quiet) console.log(`\n=== ${label} ===`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let text = '';
    const take = (stream) => (chunk) => {
      if (!quiet) stream.write(chunk);
      text += chunk;
    };
    child.stdout.on('data', take(process.stdout));
    child.stderr.on('data', take(process.stderr));
    child.on('close', (status) => {
      if (quiet) process.stdout.write(`\n=== ${label} ===\n${text}`);
      console.log(`=== ${label}: ${status === 0 ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      resolve({ ok: status === 0, text });
    });
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const suites = [];

function check(name, ok) {
  suites.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
}

// A test file whose process died of a signal (seen here: SIGSEGV from the
// machine, not from a test) is run once more on its own; what it reports then counts.
const CRASH = /Worker exited unexpectedly with signal (SIG\w+) during \w+ state while running test file (\S+?\.test\.tsx?)/g;

async function vitestRun(label, projects, files, quiet) {
  const out = join(results, `${label.replace(/\W+/g, '-')}.json`);
  rmSync(out, { force: true });
  const selected = projects.flatMap((project) => ['--project', project]);
  const { ok, text } = await run(label, bin('vitest'), ['run', ...selected, '--reporter=default', '--reporter=json', `--outputFile=${out}`, ...files], { quiet });
  const crashed = [...new Set([...text.matchAll(CRASH)].map((m) => m[2]))];
  return { ok, report: readJson(out), crashed };
}

/** A vitest suite: its projects (the unit suite has two: one sharing its workers' modules, one isolated) counted as one. */
async function vitestSuite(project, quiet = false, projects = [project]) {
  const first = await vitestRun(project, projects, [], quiet);
  const report = first.report;
  if (!report) return suites.push({ name: project, passed: 0, failed: 1 });
  let passed = report.numPassedTests;
  let failed = report.numFailedTests;
  let ok = first.ok;
  if (!ok && first.crashed.length > 0) {
    console.log(`${project}: ${first.crashed.length} test file(s) crashed; running them once more: ${first.crashed.join(', ')}`);
    for (const file of report.testResults ?? []) {
      if (first.crashed.includes(file.name)) passed -= (file.assertionResults ?? []).filter((a) => a.status === 'passed').length;
    }
    const again = await vitestRun(`${project} (crashed files again)`, projects, first.crashed, quiet);
    if (!again.report) return suites.push({ name: project, passed, failed: failed + 1 });
    passed += again.report.numPassedTests;
    failed += again.report.numFailedTests;
    // The first run failed only for the crash when its tests all passed.
    ok = again.ok && report.numFailedTests === 0;
  }
  suites.push({ name: project, passed, failed: failed + (ok || failed > 0 ? 0 : 1) });
}

async function e2eSuite() {
  const out = join(results, 'e2e.json');
  rmSync(out, { force: true });
  const { ok } = await run('e2e', bin('playwright'), ['test'], { env: { CI: process.env.CI ?? '' } });
  const report = readJson(out);
  if (!report) return suites.push({ name: 'e2e', passed: 0, failed: 1 });
  const { expected = 0, unexpected = 0, flaky = 0 } = report.stats ?? {};
  suites.push({ name: 'e2e', passed: expected + flaky, failed: unexpected + (ok || unexpected > 0 ? 0 : 1) });
}

const want = (name) => only.length === 0 || only.includes(name);

// On two cores the whole run is CPU-bound: suites that only compute run side by side (each a process of its own),
// and the integration suite, which mostly waits on its servers, runs beside the end-to-end suite. Each suite's lines
// are printed together when it ends (the end-to-end suite's as they come).
const checks = [];
if (want('lint')) checks.push(run('lint', bin('eslint'), ['--max-warnings', '0', '.'], { quiet: true }).then(({ ok }) => check('lint', ok)));
if (want('typecheck')) {
  checks.push(run('typecheck (node)', bin('tsc'), ['-p', 'tsconfig.node.json', '--noEmit'], { quiet: true }).then(({ ok }) => check('typecheck (node)', ok)));
  checks.push(run('typecheck (web)', bin('tsc'), ['-p', 'tsconfig.web.json', '--noEmit'], { quiet: true }).then(({ ok }) => check('typecheck (web)', ok)));
}
if (want('unit')) checks.push(vitestSuite('unit', true, ['unit', 'unit-isolated']));
await Promise.all(checks);

const suitesWithServers = [];
if (want('integration')) suitesWithServers.push(vitestSuite('integration', want('e2e')));
if (want('e2e')) {
  if (!existsSync('/usr/bin/chromium') && !process.env.CHROMIUM_PATH) {
    console.log('e2e: /usr/bin/chromium is missing (apt-get install chromium), or set CHROMIUM_PATH');
    suites.push({ name: 'e2e', passed: 0, failed: 1 });
  } else {
    suitesWithServers.push(e2eSuite());
  }
}
await Promise.all(suitesWithServers);

console.log('\nSummary');
for (const s of suites) console.log(`  ${s.name.padEnd(18)} ${s.passed} passed, ${s.failed} failed`);
const passed = suites.reduce((n, s) => n + s.passed, 0);
const failed = suites.reduce((n, s) => n + s.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
