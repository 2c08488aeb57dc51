// `npx tsx --conditions=react-server bench/run-events-bench.ts` (TEST_DATABASE_URL or the
// embedded server): what persisting run events costs and what a reader on another instance sees.
// Local-rules runs on the karate club; for each, the time from admission to the first
// text_delta as the executing process's in-memory log delivers it and as a stream that reads only
// the run_events table (this process's log dropped: all another instance lacks), the lag between
// the two, how long the executing process holds an event between its append and its delivery
// to readers (persist before deliver: the batch's flush wait plus its write), and how the writer
// batched the run's events (rows that share a transaction time were one write). Prints JSON.
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import * as mcpRoute from "../app/api/mcp/route";
import { constructDataset } from "../lib/constructions/construct-dataset";
import type { RunEvent } from "../lib/contracts/run-event";
import { uploadDataset } from "../lib/datasets/upload-dataset";
import { disconnectDb, getDb } from "../lib/db/client";
import { insertUser } from "../lib/db/queries/users";
import { createProject } from "../lib/projects/create-project";
import { dropRunEventLog, runEventLog } from "../lib/runs/events/run-event-log";
import { streamRunEvents } from "../lib/runs/events/stream-run-events";
import { startRun } from "../lib/runs/start/start-run";
import { createSession } from "../lib/sessions/create-session";
import { serveRouteHandlers } from "../tests/support/serve-route-handlers";
import { startBenchDatabase } from "./bench-database";

const rounds = 8;
const repositoryRoot = path.resolve(import.meta.dirname, "..");

async function main() {
  const database = await startBenchDatabase({ name: "bench-run-events" });
  const engine = await serveRouteHandlers({
    POST: mcpRoute.POST,
    GET: mcpRoute.GET,
    DELETE: mcpRoute.DELETE,
  });
  try {
    const user = await insertUser({ email: `bench-${randomUUID()}@bench.local`, displayName: "b" });
    const project = await createProject({ ownerId: user.id, name: "Bench" });
    const karate = await uploadDataset({
      ownerId: user.id,
      projectId: project.project_id,
      file: {
        filename: "karate_edges.csv",
        bytes: await readFile(path.join(repositoryRoot, "tests", "fixtures", "karate_edges.csv")),
      },
    });
    await constructDataset({ ownerId: user.id, datasetId: karate.dataset_id, options: {} });
    const memoryFirst: number[] = [];
    const tableFirst: number[] = [];
    const lag: number[] = [];
    const eventsPerRun: number[] = [];
    const writesPerRun: number[] = [];
    const firstTextDelays: number[] = [];
    const deliveryDelays: number[] = [];
    for (let round = 0; round < rounds + 1; round++) {
      const session = await createSession({ ownerId: user.id, projectId: project.project_id });
      const started = performance.now();
      const { run } = await startRun({
        ownerId: user.id,
        sessionId: session.session_id,
        body: {
          start_request_id: randomUUID(),
          message: "find the key nodes that connect several communities",
          attachments: [karate.dataset_id],
          options: { reasoning_mode: "direct", planning_mode: "auto", output_format: "chat" },
        },
      });
      const log = runEventLog(run.run_id);
      if (!log) throw new Error("the run's log is not in this process");
      // Append times, by seq: the executor appends through this method (a bench-only wrapper).
      const appendedAt = new Map<number, number>();
      const append = log.append.bind(log);
      log.append = (payload) => {
        // Before the append: a log that delivers at once calls its listeners inside it.
        appendedAt.set(log.upcomingSeq, performance.now());
        return append(payload);
      };
      const delays: number[] = [];
      let firstTextDelay: number | undefined;
      const stopTiming = log.subscribe((event) => {
        const at = appendedAt.get(event.seq);
        if (at === undefined) return;
        delays.push(performance.now() - at);
        if (event.type === "text_delta") firstTextDelay ??= performance.now() - at;
      });
      const inMemory = new Promise<number>((resolve) => {
        const unsubscribe = log.subscribe((event) => {
          if (event.type === "text_delta" || event.type === "run_completed") {
            unsubscribe();
            resolve(performance.now());
          }
        });
      });
      dropRunEventLog(run.run_id);
      const response = await streamRunEvents({
        ownerId: user.id,
        runId: run.run_id,
        afterSeq: -1,
        signal: new AbortController().signal,
      });
      const fromTable = firstTextFromStream(response);
      const [memoryAt, tableAt] = await Promise.all([inMemory, fromTable]);
      await log.persisted();
      await new Promise((resolve) => setTimeout(resolve, 300));
      stopTiming();
      if (round === 0) continue; // warm-up
      if (firstTextDelay !== undefined) firstTextDelays.push(firstTextDelay);
      deliveryDelays.push(...delays);
      memoryFirst.push(memoryAt - started);
      tableFirst.push(tableAt - started);
      lag.push(tableAt - memoryAt);
      const db = await getDb();
      const rows = await db.runEvent.findMany({
        where: { runId: run.run_id },
        select: { createdAt: true },
      });
      eventsPerRun.push(rows.length);
      writesPerRun.push(new Set(rows.map((row) => row.createdAt.getTime())).size);
    }
    console.log(
      JSON.stringify(
        {
          database: database.mode,
          runs: rounds,
          first_text_delta_in_memory_ms: round1(median(memoryFirst)),
          first_text_delta_from_table_ms: round1(median(tableFirst)),
          table_reader_lag_ms: { median: round1(median(lag)), max: round1(Math.max(...lag)) },
          append_to_delivery_ms: {
            first_text_delta: round1(median(firstTextDelays)),
            every_event_median: round1(median(deliveryDelays)),
            every_event_p95: round1(percentile(deliveryDelays, 0.95)),
            every_event_max: round1(Math.max(...deliveryDelays)),
          },
          events_per_run: median(eventsPerRun),
          writes_per_run: median(writesPerRun),
          events_per_write: round1(median(eventsPerRun) / median(writesPerRun)),
        },
        null,
        2,
      ),
    );
  } finally {
    await engine.close();
    await disconnectDb();
    await database.stop();
  }
}

// Reads the stream until its first text_delta (or the end) and returns when it arrived.
async function firstTextFromStream(response: Response): Promise<number> {
  const reader = response.body?.getReader();
  if (!reader) throw new Error("no stream");
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return performance.now();
    buffer += decoder.decode(value, { stream: true });
    for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
      const line = buffer
        .slice(0, end)
        .split("\n")
        .find((entry) => entry.startsWith("data: "));
      buffer = buffer.slice(end + 2);
      const event = line ? (JSON.parse(line.slice(6)) as RunEvent) : undefined;
      if (event?.type === "text_delta" || event?.type === "run_completed") {
        const at = performance.now();
        await reader.cancel();
        return at;
      }
    }
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] as number;
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
