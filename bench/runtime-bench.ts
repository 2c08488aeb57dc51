// `npm run bench:runtime`: the agent runtime's own cost, against a direct MCP call measured in
// the same run. Prints JSON: the direct call's latency in process (no GRAPH_ENGINE_URL: the
// in-memory transport, the default) and over Streamable HTTP (GRAPH_ENGINE_URL pointing at a
// served /api/mcp), the scheduler's overhead per tool call
// (a batch through runToolBatch vs the same calls made directly), and the time from admitting a
// run to its first text_delta with local-rules (which includes MCP discovery, the state check
// and the graph load) as a multiple of one direct call. Last, the serving thread's
// responsiveness while a heavy kernel runs: GET /api/health p50/p95 on the same process while
// Louvain runs on a 1M-edge Barabási–Albert graph, with the kernels inline
// (ENGINE_KERNEL_THREADS=0, as before the kernel pool) and in the worker-thread pool.
// Runs with `--conditions=react-server` so `server-only` modules load outside Next.
//
// Options: `--rounds N` (default 30) timed calls per figure (the first-text_delta part takes
// min(N, 5) runs); `--skip-health` leaves out the 1M-edge health part (minutes on 2 cores).
// Every call is checked to have reached karate (34 nodes, 78 edges): a benchmark that timed an
// empty session would print plausible, meaningless figures, so it exits 1 instead.
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import * as healthRoute from "../app/api/health/route";
import * as mcpRoute from "../app/api/mcp/route";
import { runToolBatch } from "../lib/agent/scheduler/run-tool-batch";
import { callMcpTool } from "../lib/agent/tools/call-mcp-tool";
import { discoverMcpTools } from "../lib/agent/tools/discover-mcp-tools";
import { constructDataset } from "../lib/constructions/construct-dataset";
import { uploadDataset } from "../lib/datasets/upload-dataset";
import { disconnectDb } from "../lib/db/client";
import { insertUser } from "../lib/db/queries/users";
import { getEnv, resetEnvForTests } from "../lib/env";
import { engineKernelPool } from "../lib/kernels/engine-kernels";
import { createProject } from "../lib/projects/create-project";
import { runEventLog } from "../lib/runs/events/run-event-log";
import { admitRun } from "../lib/runs/start/admit-run";
import { startRun } from "../lib/runs/start/start-run";
import { createSession } from "../lib/sessions/create-session";
import { serveRouteHandlers } from "../tests/support/serve-route-handlers";
import { startBenchDatabase } from "./bench-database";
import { generateBarabasiAlbert } from "./generate-barabasi-albert";

const options = parseOptions();
const rounds = options.rounds;
/** The graph every karate figure must have reached (tests/fixtures/karate_edges.csv). */
const karateShape = { nodes: 34, edges: 78 };
// Paths come from this file's own location, not the working directory, so the benchmark runs
// the same from the repository root (`npm run bench:runtime`) or from anywhere else.
const repositoryRoot = path.resolve(import.meta.dirname, "..");

async function main() {
  const database = await startBenchDatabase({ name: "bench-runtime" });
  const engine = await serveRouteHandlers({
    POST: mcpRoute.POST,
    GET: mcpRoute.GET,
    DELETE: mcpRoute.DELETE,
  });
  try {
    const user = await insertUser({
      email: `bench-${randomUUID()}@bench.local`,
      displayName: "bench",
    });
    const project = await createProject({ ownerId: user.id, name: "Bench" });
    const fixtures = path.join(repositoryRoot, "tests", "fixtures");
    const karate = await uploadDataset({
      ownerId: user.id,
      projectId: project.project_id,
      file: {
        filename: "karate_edges.csv",
        bytes: await readFile(path.join(fixtures, "karate_edges.csv")),
      },
    });
    await constructDataset({ ownerId: user.id, datasetId: karate.dataset_id, options: {} });
    const session = await createSession({ ownerId: user.id, projectId: project.project_id });
    // A call naming a run is held to that run's dataset scope (its message's attachments and
    // the project's constructed datasets), so the calls carry a real run of this session, with
    // karate attached as a user's message would: a made-up run id reaches no dataset, and
    // get_graph_info would then time an empty session.
    const admitted = await admitRun({
      ownerId: user.id,
      sessionId: session.session_id,
      projectId: project.project_id,
      startRequestId: randomUUID(),
      fingerprint: randomUUID(),
      options: {},
      attachments: [karate.dataset_id],
      modelName: "local-rules",
      messageParts: [{ type: "text", text: "runtime benchmark" }],
      executorId: "bench",
    });
    if (admitted.kind !== "created") throw new Error(`run admission answered ${admitted.kind}`);
    const identity = {
      userId: user.id,
      sessionId: session.session_id,
      runId: admitted.run.id,
      agentId: "bench",
    };
    const loaded = await callMcpTool({
      identity,
      toolName: "load_constructed_graph",
      args: { dataset_id: karate.dataset_id },
    });
    if (!loaded.success) {
      throw new Error(
        `load_constructed_graph of karate failed (${loaded.error_code}): ${loaded.message}`,
      );
    }
    const graph = assertKarate({ data: loaded.data, datasetId: karate.dataset_id, what: "load" });

    // Direct MCP calls, in process: the baseline every other figure is compared with.
    const directMs = await medianCallMs(identity, karate.dataset_id);
    // The same calls over HTTP, as with a separate engine (GRAPH_ENGINE_URL set).
    process.env.GRAPH_ENGINE_URL = `${engine.url}/api/mcp`;
    resetEnvForTests();
    const httpMs = await medianCallMs(identity, karate.dataset_id);
    delete process.env.GRAPH_ENGINE_URL;
    resetEnvForTests();

    // Scheduler: 4 independent reads through runToolBatch vs the same 4 calls made directly.
    const descriptors = new Map(
      (await discoverMcpTools({ identity })).map((tool) => [tool.name, tool]),
    );
    const calls = ["a", "b", "c", "d"].map((id) => ({
      toolCallId: id,
      toolName: "get_graph_info",
      args: {},
    }));
    const batchOverhead: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const plainStart = performance.now();
      await Promise.all(
        calls.map((call) => callMcpTool({ identity, toolName: call.toolName, args: call.args })),
      );
      const plain = performance.now() - plainStart;
      const batchStart = performance.now();
      const batched = await runToolBatch({
        calls,
        descriptors,
        maxConcurrency: 4,
        execute: (call, signal) =>
          callMcpTool({ identity, toolName: call.toolName, args: call.args, signal }),
        emit: () => {},
      });
      batchOverhead.push((performance.now() - batchStart - plain) / calls.length);
      for (const outcome of batched) {
        if (!outcome.envelope?.success) {
          throw new Error(
            `get_graph_info through runToolBatch ended ${outcome.status}: ${outcome.envelope?.message ?? outcome.errorCode}`,
          );
        }
        assertKarate({ data: outcome.envelope.data, datasetId: karate.dataset_id, what: "batch" });
      }
    }

    // Time to the first text_delta with local-rules (a state question: discovery + load + info).
    const firstText: number[] = [];
    for (let round = 0; round < Math.min(rounds, 5); round++) {
      const started = performance.now();
      const { run } = await startRun({
        ownerId: user.id,
        sessionId: (await createSession({ ownerId: user.id, projectId: project.project_id }))
          .session_id,
        body: {
          start_request_id: randomUUID(),
          message: "what graph is loaded?",
          attachments: [karate.dataset_id],
          options: { reasoning_mode: "direct", planning_mode: "auto", output_format: "chat" },
        },
      });
      const first = await new Promise<string>((resolve) => {
        const log = runEventLog(run.run_id);
        const unsubscribe = log?.subscribe((event) => {
          if (
            event.type === "text_delta" ||
            event.type === "run_completed" ||
            event.type === "run_error"
          ) {
            unsubscribe?.();
            resolve(event.type);
          }
        });
      });
      // A run that failed (or ended without a word) has no first text_delta to time.
      if (first !== "text_delta") {
        throw new Error(`the local-rules run ${run.run_id} ended with ${first}, not a text_delta`);
      }
      firstText.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const result = {
      database: database.mode,
      rounds,
      graph,
      direct_mcp_call_ms: round3(directMs),
      http_mcp_call_ms: round3(httpMs),
      http_to_in_process_ratio: round3(httpMs / directMs),
      scheduler_overhead_per_call_ms: round3(median(batchOverhead)),
      scheduler_overhead_ratio_to_direct_call: round3(median(batchOverhead) / directMs),
      first_text_delta_ms: round3(median(firstText)),
      first_text_delta_in_direct_calls: round3(median(firstText) / directMs),
      health_while_louvain_1m_edges: options.skipHealth
        ? "skipped (--skip-health)"
        : await healthWhileLouvain({ ownerId: user.id, projectId: project.project_id }),
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await engine.close();
    await disconnectDb();
    await database.stop();
  }
}

/**
 * GET /api/health latencies on this process while community_detection (Louvain) runs on a
 * 1M-edge graph (BA, 100,000 nodes, m = 10, seed 1), once with the kernels inline on the serving
 * thread (ENGINE_KERNEL_THREADS=0: the engine before the kernel pool) and once in the pool.
 * Health is requested back to back (a 10 ms pause between answers) for as long as Louvain runs.
 */
async function healthWhileLouvain(input: { ownerId: string; projectId: string }) {
  const text = generateBarabasiAlbert({ nodes: 100_000, m: 10, seed: 1, weighted: false });
  const upload = await uploadDataset({
    ownerId: input.ownerId,
    projectId: input.projectId,
    file: { filename: "ba-100000-10.txt", bytes: new TextEncoder().encode(text) },
  });
  await constructDataset({
    ownerId: input.ownerId,
    datasetId: upload.dataset_id,
    options: { directed: false },
  });
  const session = await createSession({ ownerId: input.ownerId, projectId: input.projectId });
  const identity = {
    userId: input.ownerId,
    sessionId: session.session_id,
    // No run: an outside client's call, scoped to the project (a made-up run id scopes nothing).
    runId: "",
    agentId: "bench",
  };
  const loaded = await callMcpTool({
    identity,
    toolName: "load_constructed_graph",
    args: { dataset_id: upload.dataset_id },
  });
  if (!loaded.success) throw new Error(`load_constructed_graph failed: ${loaded.message}`);
  const health = await serveRouteHandlers({ GET: healthRoute.GET });
  const threadsBefore = process.env.ENGINE_KERNEL_THREADS;
  try {
    const idle = await healthLatencies(health.url, () => sleepMs(3000));
    const modes: Record<string, unknown> = { idle: summarize(idle) };
    for (const [mode, threads] of [
      ["inline", "0"],
      ["pool", threadsBefore ?? ""],
    ] as const) {
      process.env.ENGINE_KERNEL_THREADS = threads;
      resetEnvForTests();
      // Workers start before the measurement, as they would have on a serving instance.
      engineKernelPool()?.warm();
      await sleepMs(2000);
      let louvainMs = 0;
      const latencies = await healthLatencies(health.url, async () => {
        const started = performance.now();
        const envelope = await callMcpTool({
          identity,
          toolName: "community_detection",
          args: { algorithm: "louvain", seed: 1 },
        });
        louvainMs = performance.now() - started;
        if (!envelope.success) throw new Error(`louvain failed: ${envelope.message}`);
      });
      modes[mode] = {
        kernel_threads: getEnv().ENGINE_KERNEL_THREADS,
        louvain_ms: round3(louvainMs),
        ...summarize(latencies),
      };
    }
    return { edges: (loaded.data as { edges?: number } | undefined)?.edges ?? null, ...modes };
  } finally {
    if (threadsBefore === undefined) delete process.env.ENGINE_KERNEL_THREADS;
    else process.env.ENGINE_KERNEL_THREADS = threadsBefore;
    resetEnvForTests();
    await engineKernelPool()?.close();
    await health.close();
  }
}

/** Health request latencies (ms), one after another, for as long as `work` runs. */
async function healthLatencies(url: string, work: () => Promise<void>): Promise<number[]> {
  const latencies: number[] = [];
  let done = false;
  const working = work().finally(() => {
    done = true;
  });
  while (!done) {
    const started = performance.now();
    const response = await fetch(`${url}/api/health`);
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
    await sleepMs(10);
  }
  await working;
  return latencies;
}

function summarize(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (quantile: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(quantile * sorted.length))];
  return {
    health_requests: sorted.length,
    health_p50_ms: round3(at(0.5)),
    health_p95_ms: round3(at(0.95)),
    health_max_ms: round3(sorted[sorted.length - 1]),
  };
}

function sleepMs(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

/** Median wall time of one get_graph_info call, after a few warm-up calls; each must see karate. */
async function medianCallMs(
  identity: Parameters<typeof callMcpTool>[0]["identity"],
  datasetId: string,
) {
  const times: number[] = [];
  for (let round = 0; round < rounds + 5; round++) {
    const started = performance.now();
    const envelope = await callMcpTool({ identity, toolName: "get_graph_info", args: {} });
    if (round >= 5) times.push(performance.now() - started);
    if (!envelope.success) throw new Error(`get_graph_info failed: ${envelope.message}`);
    assertKarate({ data: envelope.data, datasetId, what: "get_graph_info" });
  }
  return median(times);
}

/**
 * The loaded graph a call reports, which must be karate in its dataset: anything else (nothing
 * loaded, another graph) means the figures measured the wrong work, and the benchmark stops.
 */
function assertKarate(input: { data: unknown; datasetId: string; what: string }) {
  const data = (input.data ?? {}) as Record<string, unknown>;
  const seen = {
    loaded: data.loaded,
    dataset_id: data.dataset_id,
    nodes: data.nodes,
    edges: data.edges,
  };
  if (
    seen.loaded !== true ||
    seen.dataset_id !== input.datasetId ||
    seen.nodes !== karateShape.nodes ||
    seen.edges !== karateShape.edges
  ) {
    throw new Error(
      `${input.what} did not see the karate graph (dataset ${input.datasetId}, ${karateShape.nodes} nodes, ${karateShape.edges} edges): it reported ${JSON.stringify(seen)}`,
    );
  }
  return { dataset: "karate_edges.csv", nodes: karateShape.nodes, edges: karateShape.edges };
}

function parseOptions() {
  const { values } = parseArgs({
    options: {
      rounds: { type: "string", default: "30" },
      "skip-health": { type: "boolean", default: false },
    },
  });
  const parsedRounds = Number(values.rounds);
  if (!Number.isInteger(parsedRounds) || parsedRounds < 1) {
    throw new Error(`--rounds must be a whole number of at least 1, not ${values.rounds}`);
  }
  return { rounds: parsedRounds, skipHealth: values["skip-health"] };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
