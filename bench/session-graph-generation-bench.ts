import { disconnectDb, getDb } from "../lib/db/client";
import { findSessionGraphGeneration } from "../lib/db/queries/session-graphs";
import { sessionGraphsOf } from "../lib/mcp/session-graph-cache";
import { engineTools } from "../lib/mcp/tools/index";
import { createSession } from "../lib/sessions/create-session";
import { seedKarateSession } from "../tests/support/karate-session";
import { startBenchDatabase } from "./bench-database";

const reads = 2000;
const saves = 300;

async function main() {
  const database = await startBenchDatabase({ name: "bench-session-graph-generation" });
  try {
    const seeded = await seedKarateSession({ label: "bench" });
    const user = { id: seeded.userId };
    const project = { project_id: seeded.projectId };
    const session = { session_id: seeded.sessionId };
    const ids = [seeded.datasetId];
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
