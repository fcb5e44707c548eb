// `npm test`: type check, lint, unit and API tests (Vitest), then browser tests (Playwright on Debian's Chromium).
// Ends with one line "N passed, N failed" summing both runners.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const CHROMIUM = '/usr/bin/chromium';
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-test-'));

function run(cmd: string, args: string[], env: Record<string, string> = {}): number {
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

/** Runs a command with its output held until it ends, so two side by side do not interleave their lines. */
function runQuietly(cmd: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env: process.env });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

// Each stage's wall time, printed at the end (README's testing section records them).
const stages: [string, number][] = [];
async function stage<T>(name: string, work: () => T | Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    stages.push([name, (performance.now() - started) / 1000]);
  }
}

function ensureChromium(): boolean {
  if (fs.existsSync(CHROMIUM)) return true;
  const canInstall = process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    console.error(`Browser tests need Chromium at ${CHROMIUM}: install it with "sudo apt-get install -y chromium".`);
    return false;
  }
  console.log('Installing Chromium from Debian packages for the browser tests...');
  run('apt-get', ['update', '-qq']);
  return run('apt-get', ['install', '-y', '-qq', 'chromium']) === 0 && fs.existsSync(CHROMIUM);
}

// The fields read from Vitest's and Playwright's JSON reports.
type Report = { numPassedTests?: number; numFailedTests?: number; stats?: { expected?: number; flaky?: number; unexpected?: number } };

function count(file: string, pick: (report: Report) => [number, number]): [number, number] {
  try {
    return pick(JSON.parse(fs.readFileSync(file, 'utf8')));
  } catch {
    return [0, 0];
  }
}

// `--api`: only the unit and API tests (CI runs them again on PostgreSQL and Redis this way).
const apiOnly = process.argv.includes('--api');
let failed = false;
if (!apiOnly) {
  // The type check and lint each keep one core busy: side by side, they take the time of the longer.
  console.log('\n== Type check and lint');
  const checks = await stage('type check and lint', () => Promise.all([
    runQuietly('tsc', ['--noEmit', '-p', 'tsconfig.json']),
    runQuietly('npm', ['run', '--silent', 'lint']),
  ]));
  for (const [name, check] of [['Type check', checks[0]], ['Lint', checks[1]]] as const) {
    console.log(`-- ${name}: ${check.code === 0 ? 'clean' : 'FAILED'}`);
    if (check.output.trim()) console.log(check.output.trimEnd());
    if (check.code !== 0) failed = true;
  }
}

console.log('\n== Unit and API tests');
const vitestReport = path.join(reports, 'vitest.json');
await stage('unit and API tests (Vitest)', () => {
  if (run('vitest', ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]) !== 0) failed = true;
});

const playwrightReport = path.join(reports, 'playwright.json');
if (!apiOnly) {
  console.log('\n== Browser tests');
  await stage('browser tests (Playwright)', () => {
    if (!ensureChromium()) failed = true;
    else if (run('playwright', ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport }) !== 0) failed = true;
  });
}

const [vPass, vFail] = count(vitestReport, (j) => [j.numPassedTests ?? 0, (j.numFailedTests ?? 0)]);
const [pPass, pFail] = count(playwrightReport, (j) => [(j.stats?.expected ?? 0) + (j.stats?.flaky ?? 0), j.stats?.unexpected ?? 0]);
const passed = vPass + pPass;
const failures = vFail + pFail + (failed && vFail + pFail === 0 ? 1 : 0);
console.log('\n== Stage times');
for (const [name, seconds] of stages) console.log(`${name}: ${seconds.toFixed(0)} s`);
console.log(`\nVitest: ${vPass} passed, ${vFail} failed; Playwright: ${pPass} passed, ${pFail} failed`);
console.log(`${passed} passed, ${failures} failed`);
process.exit(failed || failures > 0 || passed === 0 ? 1 : 0);
