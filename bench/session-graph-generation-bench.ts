// What the session graph cache's generation costs per tool call (issue 21): every graph tool
// call first reads the session's persisted generation (one primary-key read) to tell whether
// this process's copy is still current, and every change saves with a conditional UPDATE that
// lands only if the generation it was derived from is still current. On the karate club (the
// figures do not depend on the graph's size: neither touches a graph), it times the read alone,
// a cache hit of sessionGraphsOf (the read plus the in-memory lookup), get_graph_info end to end
// on a hit, and set_session_config (a conditional save), and prints the read's query plan.
// Same database rules as `bench:runtime`: wipes and migrates TEST_DATABASE_URL when set (local
// hosts only), else an embedded PostgreSQL under .data/bench-session-graph-generation. JSON out.
// Runs with `--conditions=react-server` so `server-only` modules load outside Next.
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { constructDataset } from "../lib/constructions/construct-dataset";
import { uploadDataset } from "../lib/datasets/upload-dataset";
import { disconnectDb, getDb } from "../lib/db/client";
import { findSessionGraphGeneration } from "../lib/db/queries/session-graphs";
import { insertUser } from "../lib/db/queries/users";
import { getEnv, resetEnvForTests } from "../lib/env";
import { sessionGraphsOf } from "../lib/mcp/session-graph-cache";
import { engineTools } from "../lib/mcp/tools/index";
import { createProject } from "../lib/projects/create-project";
import { createSession } from "../lib/sessions/create-session";
import { prepareTestDatabase } from "../tests/support/test-database";

const repositoryRoot = path.resolve(import.meta.dirname, "..");
const fixtures = path.join(repositoryRoot, "tests", "fixtures");
const reads = 2000;
const saves = 300;

async function main() {
  const root = path.join(repositoryRoot, ".data", "bench-session-graph-generation");
  const database = await prepareTestDatabase({
    testDatabaseUrl: getEnv().TEST_DATABASE_URL,
    dataDirectory: root,
  });
  Object.assign(process.env, {
    DATABASE_URL: database.connectionString,
    DATA_DIR: path.join(root, "app"),
    INTERNAL_SERVICE_KEY: "bench-internal-key-0123456789",
  });
  delete process.env.GRAPH_ENGINE_URL;
  resetEnvForTests();
  try {
    const user = await insertUser({ email: `bench-${randomUUID()}@bench.local`, displayName: "b" });
    const project = await createProject({ ownerId: user.id, name: "Bench" });
    const ids: string[] = [];
    for (const file of ["karate_edges.csv", "karate_nodes.csv"]) {
      const uploaded = await uploadDataset({
        ownerId: user.id,
        projectId: project.project_id,
        file: { filename: file, bytes: await readFile(path.join(fixtures, file)) },
      });
      ids.push(uploaded.dataset_id);
    }
    await constructDataset({
      ownerId: user.id,
      datasetId: ids[0],
      options: { nodes_dataset_id: ids[1] },
    });
    const session = await createSession({ ownerId: user.id, projectId: project.project_id });
    const scope = { ownerId: user.id, sessionId: session.session_id };
    const identity = {
      userId: user.id,
      sessionId: session.session_id,
      runId: null,
      agentId: null,
      executionGeneration: null,
      operationId: null,
    };
    const call = async (toolName: string, args: Record<string, unknown> = {}) => {
      const tool = engineTools.find((candidate) => candidate.name === toolName);
      if (!tool) throw new Error(`no tool ${toolName}`);
      await tool.run(tool.input.parse(args), { identity, signal: new AbortController().signal });
    };
    await call("load_constructed_graph", { dataset_id: ids[0] });
    // Other sessions' rows, so the read is a lookup in a table that is not nearly empty.
    for (let other = 0; other < 200; other++) {
      const more = await createSession({ ownerId: user.id, projectId: project.project_id });
      const db = await getDb();
      await db.sessionGraphState.create({
        data: { sessionId: more.session_id, ownerId: user.id, config: {} },
      });
    }

    const db = await getDb();
    const plan = await db.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
      `EXPLAIN (ANALYZE, BUFFERS) SELECT "generation" FROM "session_graph_states" WHERE "sessionId" = $1 AND "ownerId" = $2 LIMIT 1`,
      scope.sessionId,
      scope.ownerId,
    );

    const result = {
      generation_read_ms: await timeEach(reads, () => findSessionGraphGeneration(scope)),
      cache_hit_ms: await timeEach(reads, async () => {
        (await sessionGraphsOf(scope)).currentOrThrow(scope);
      }),
      get_graph_info_on_hit_ms: await timeEach(reads / 4, () => call("get_graph_info")),
      set_session_config_conditional_save_ms: await timeEach(saves, (index) =>
        call("set_session_config", { key: "round", value: index }),
      ),
      generation_read_plan: plan.map((row) => row["QUERY PLAN"]),
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await disconnectDb();
    await database.stop();
  }
}

/** Runs `work` `count` times one after another (after a warm-up): median, p95 and mean. */
async function timeEach(count: number, work: (index: number) => Promise<unknown>) {
  for (let warm = 0; warm < 20; warm++) await work(-1 - warm);
  const times: number[] = [];
  for (let index = 0; index < count; index++) {
    const started = performance.now();
    await work(index);
    times.push(performance.now() - started);
  }
  const mean = times.reduce((sum, time) => sum + time, 0) / times.length;
  times.sort((a, b) => a - b);
  return {
    median: round(times[Math.floor(times.length / 2)]),
    p95: round(times[Math.floor(times.length * 0.95)]),
    mean: round(mean),
  };
}

function round(value: number) {
  return Math.round(value * 1000) / 1000;
}

// Exits when done: the engine's worker pools keep the event loop alive otherwise.
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
