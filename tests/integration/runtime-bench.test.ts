import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createScratchDatabase } from "../support/scratch-database";

// `npm run bench:runtime` end to end, started from a directory that is not the repository (a
// clean clone once failed where paths were resolved from the working directory), on a scratch
// database of its own (the benchmark wipes the database it is given), with few rounds and
// without the minutes-long 1M-edge health part. Its figures must come from the karate graph:
// a benchmark timing an empty session would print plausible nonsense.

const repositoryRoot = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let elsewhere: string;

beforeAll(async () => {
  scratch = await createScratchDatabase(inject("databaseUrl"));
  elsewhere = await mkdtemp(path.join(tmpdir(), "bench-cwd-"));
});

afterAll(async () => {
  await scratch?.drop();
  if (elsewhere) await rm(elsewhere, { recursive: true, force: true });
});

/** The npm script's own command, its paths made absolute, so the test runs what npm runs. */
async function benchCommand(): Promise<string[]> {
  const manifest = JSON.parse(await readFile(path.join(repositoryRoot, "package.json"), "utf8"));
  const [binary, ...rest] = String(manifest.scripts["bench:runtime"]).split(/\s+/);
  expect(binary).toBe("tsx");
  return [
    path.join(repositoryRoot, "node_modules", ".bin", "tsx"),
    // tsx looks for tsconfig.json (the `@/` paths) in the working directory; npm runs scripts
    // from the repository, a caller elsewhere names it.
    "--tsconfig",
    path.join(repositoryRoot, "tsconfig.json"),
    ...rest.map((part) => (part.endsWith(".ts") ? path.join(repositoryRoot, part) : part)),
  ];
}

describe("npm run bench:runtime", () => {
  it("runs from another working directory and times calls that see karate", async () => {
    const [command, ...args] = await benchCommand();
    const env: NodeJS.ProcessEnv = { ...process.env, TEST_DATABASE_URL: scratch.connectionString };
    // The benchmark sets up its own app environment; none of the suite's may leak into it.
    for (const name of ["DATABASE_URL", "DATA_DIR", "GRAPH_ENGINE_URL", "INTERNAL_SERVICE_KEY"]) {
      delete env[name];
    }
    const { stdout } = await run(command, [...args, "--rounds", "2", "--skip-health"], {
      cwd: elsewhere,
      env,
      timeout: 55_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    // The JSON report is the last thing printed.
    const report = JSON.parse(stdout.slice(stdout.lastIndexOf("\n{\n") + 1));
    expect(report).toMatchObject({
      rounds: 2,
      graph: { dataset: "karate_edges.csv", nodes: 34, edges: 78 },
      health_while_louvain_1m_edges: "skipped (--skip-health)",
    });
    for (const figure of [
      "direct_mcp_call_ms",
      "http_mcp_call_ms",
      "scheduler_overhead_per_call_ms",
      "first_text_delta_ms",
    ]) {
      expect(Number.isFinite(report[figure]), figure).toBe(true);
    }
    expect(report.direct_mcp_call_ms).toBeGreaterThan(0);
    expect(report.first_text_delta_ms).toBeGreaterThan(0);
  }, 60_000);
});
