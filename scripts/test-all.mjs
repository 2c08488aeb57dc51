// `npm test`: unit tests, integration tests against PostgreSQL, then the Playwright suite in
// Debian's chromium against a production build. Every stage runs even if an earlier one failed,
// so one run shows the whole picture; the last line is the "N passed, N failed" summary.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const reports = path.join(root, "test-results", "reports");
mkdirSync(reports, { recursive: true });
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", FORCE_COLOR: "0" };
const totals = { passed: 0, failed: 0, skipped: 0 };
let stageFailed = false;

function run(label, command, args, extraEnv = {}) {
  console.log(`\n▶ ${label}: ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: "inherit",
    env: { ...env, ...extraEnv },
  });
  if (result.status !== 0) stageFailed = true;
  return result.status === 0;
}

function countVitest(file) {
  if (!existsSync(file)) {
    totals.failed += 1;
    return;
  }
  const report = JSON.parse(readFileSync(file, "utf8"));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  // A file that failed to load has no tests but is still a failure.
  if (report.numFailedTestSuites > 0 && report.numFailedTests === 0) totals.failed += 1;
}

function countPlaywright(file) {
  if (!existsSync(file)) {
    totals.failed += 1;
    return;
  }
  const { stats } = JSON.parse(readFileSync(file, "utf8"));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
}

for (const project of ["unit", "integration"]) {
  const output = path.join(reports, `vitest-${project}.json`);
  // A report left by an earlier run must never stand in for this one.
  rmSync(output, { force: true });
  const failedBefore = totals.failed;
  const ok = run(`${project} tests`, "npx", [
    "vitest",
    "run",
    "--project",
    project,
    "--reporter=default",
    "--reporter=json",
    `--outputFile=${output}`,
  ]);
  countVitest(output);
  countStageFailure(ok, failedBefore);
}

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  console.error(
    `\n✗ end-to-end tests need Chromium at ${chromium}. Install Debian's browser with ` +
      "`sudo apt-get install -y chromium`, or set CHROMIUM_PATH to a Chromium binary.",
  );
  totals.failed += 1;
  stageFailed = true;
} else {
  if (buildIsStale() && !run("production build", "npm", ["run", "build"])) totals.failed += 1;
  const output = path.join(reports, "playwright.json");
  rmSync(output, { force: true });
  const failedBefore = totals.failed;
  const ok = run("end-to-end tests", "npx", ["playwright", "test", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: output,
  });
  countPlaywright(output);
  countStageFailure(ok, failedBefore);
}

const skipped = totals.skipped ? `, ${totals.skipped} skipped` : "";
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(stageFailed || totals.failed > 0 ? 1 : 0);

/** A stage that failed without a failed test (a server that never started, a crash) is one failure. */
function countStageFailure(ok, failedBefore) {
  if (!ok && totals.failed === failedBefore) totals.failed += 1;
}

/** True when .next has no build or any source is newer than it (so e2e never tests old code). */
function buildIsStale() {
  const buildId = path.join(root, ".next", "BUILD_ID");
  if (!existsSync(buildId)) return true;
  const builtAt = statSync(buildId).mtimeMs;
  const sources = [
    "app",
    "components",
    "hooks",
    "lib",
    "public",
    "instrumentation.ts",
    "next.config.ts",
    "package-lock.json",
  ];
  return sources.some((source) => newestMtime(path.join(root, source)) > builtAt);
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}
