// Enqueue→start latency of the two PostgreSQL queues that still support Node 20 — pg-boss 10.4
// and graphile-worker 0.17.3 — over N jobs (default 1,000), first with the producer in the
// worker's process, then from a second process (this file re-run with --role producer). The
// figures chose lib/jobs' queue (bench/README.md). Jobs are sent open-loop at a steady pace
// (default one per 10 ms) rather than all at once, so the figure is dispatch latency, not the
// time a backlog takes to drain. Each queue gets a throw-away schema, dropped afterwards.
//
//   npx tsx --conditions=react-server bench/job-queue-bench.ts [--database-url URL] [--jobs 1000] [--interval-ms 10]
//                                    [--queue pg-boss|graphile-worker] [--json OUT]
//
// lib/jobs uses graphile-worker (a dependency); pg-boss is a devDependency kept only for this
// benchmark. Either queue, when not installed, is skipped with a note.
import { spawn } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import type PgBoss from "pg-boss";

type QueueName = "pg-boss" | "graphile-worker";
type Mode = "in-process" | "second-process";
type Options = { databaseUrl: string; jobs: number; intervalMs: number };
type Summary = { p50: number; p95: number; p99: number; max: number; mean: number };

const queueName = "bench_latency";
const pgBossSchema = "pgboss_bench";
const graphileSchema = "graphile_worker_bench";

/** Wall-clock milliseconds with sub-millisecond precision, comparable across processes. */
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function summarize(latencies: number[]): Summary {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const round = (value: number | undefined) => Math.round((value ?? Number.NaN) * 10) / 10;
  return {
    p50: round(at(0.5)),
    p95: round(at(0.95)),
    p99: round(at(0.99)),
    max: round(sorted.at(-1)),
    mean: round(sorted.reduce((sum, value) => sum + value, 0) / sorted.length),
  };
}

/** Collects one latency per started job; resolves once `count` jobs have started. */
function latencyCollector(count: number) {
  const latencies: number[] = [];
  let done: () => void = () => {};
  const finished = new Promise<void>((resolve) => {
    done = resolve;
  });
  return {
    record(sentAt: number) {
      latencies.push(now() - sentAt);
      if (latencies.length === count) done();
    },
    finished,
    latencies,
  };
}

async function paced(options: Options, send: (index: number) => Promise<void>): Promise<void> {
  const start = now();
  for (let index = 0; index < options.jobs; index++) {
    const due = start + index * options.intervalMs;
    const wait = due - now();
    if (wait > 0) await sleep(wait);
    await send(index);
  }
}

async function dropSchema(databaseUrl: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).finally(() => client.end());
}

// ─── pg-boss ───

async function loadPgBoss(): Promise<typeof PgBoss | null> {
  try {
    return (await import("pg-boss")).default;
  } catch {
    return null;
  }
}

async function startPgBoss(databaseUrl: string): Promise<PgBoss> {
  const PgBossClass = (await loadPgBoss()) as typeof PgBoss;
  const boss = new PgBossClass({ connectionString: databaseUrl, schema: pgBossSchema, max: 4 });
  boss.on("error", (error) => console.error("pg-boss:", error));
  await boss.start();
  await boss.createQueue(queueName, { name: queueName, retryLimit: 0 });
  return boss;
}

async function pgBossProducer(options: Options): Promise<void> {
  const boss = await startPgBoss(options.databaseUrl);
  await paced(options, async () => {
    await boss.send(queueName, { sentAt: now() });
  });
  await boss.stop({ graceful: false, wait: true });
}

async function pgBossScenario(options: Options, mode: Mode): Promise<Summary> {
  await dropSchema(options.databaseUrl, pgBossSchema);
  const boss = await startPgBoss(options.databaseUrl);
  const collector = latencyCollector(options.jobs);
  // Four pollers of up to 25 jobs each (200 jobs/s at the minimum 0.5 s polling interval, twice
  // the default send rate, so no backlog builds): a job sent from another process waits for the
  // next poll.
  const workerIds: string[] = [];
  for (let index = 0; index < 4; index++) {
    workerIds.push(
      await boss.work<{ sentAt: number }>(
        queueName,
        { batchSize: 25, pollingIntervalSeconds: 0.5 },
        async (jobs) => {
          for (const job of jobs) collector.record(job.data.sentAt);
        },
      ),
    );
  }
  if (mode === "in-process") {
    await paced(options, async () => {
      await boss.send(queueName, { sentAt: now() });
      // Same-process wake-up: without it, in-process jobs also wait for the poll.
      for (const id of workerIds) boss.notifyWorker(id);
    });
  } else {
    await runProducerProcess("pg-boss", options);
  }
  await collector.finished;
  await boss.stop({ graceful: false, wait: true });
  await dropSchema(options.databaseUrl, pgBossSchema);
  return summarize(collector.latencies);
}

// ─── graphile-worker ───

type GraphileModule = typeof import("graphile-worker");

async function loadGraphile(): Promise<GraphileModule | null> {
  try {
    return await import("graphile-worker");
  } catch {
    return null;
  }
}

const quietLogger = async (graphile: GraphileModule) =>
  new graphile.Logger(() => (level: string, message: string) => {
    if (level === "error") console.error("graphile-worker:", message);
  });

async function graphileProducer(options: Options): Promise<void> {
  const graphile = (await loadGraphile()) as GraphileModule;
  const utils = await graphile.makeWorkerUtils({
    connectionString: options.databaseUrl,
    schema: graphileSchema,
    logger: await quietLogger(graphile),
  });
  await paced(options, async () => {
    await utils.addJob(queueName, { sentAt: now() }, { maxAttempts: 1 });
  });
  await utils.release();
}

async function graphileScenario(options: Options, mode: Mode): Promise<Summary> {
  const graphile = (await loadGraphile()) as GraphileModule;
  await dropSchema(options.databaseUrl, graphileSchema);
  const collector = latencyCollector(options.jobs);
  const logger = await quietLogger(graphile);
  const runner = await graphile.run({
    connectionString: options.databaseUrl,
    schema: graphileSchema,
    concurrency: 4,
    noHandleSignals: true,
    pollInterval: 2000,
    logger,
    taskList: {
      [queueName]: async (payload) => {
        collector.record((payload as { sentAt: number }).sentAt);
      },
    },
  });
  if (mode === "in-process") {
    await paced(options, async () => {
      await runner.addJob(queueName, { sentAt: now() }, { maxAttempts: 1 });
    });
  } else {
    await runProducerProcess("graphile-worker", options);
  }
  await collector.finished;
  await runner.stop();
  await runner.promise;
  // Completions are flushed in batches shortly after stop(); dropping the schema under them
  // would fail the flush.
  await sleep(1000);
  await dropSchema(options.databaseUrl, graphileSchema);
  return summarize(collector.latencies);
}

// ─── second process ───

function runProducerProcess(queue: QueueName, options: Options): Promise<void> {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      import.meta.filename,
      "--role",
      "producer",
      "--queue",
      queue,
      "--database-url",
      options.databaseUrl,
      "--jobs",
      String(options.jobs),
      "--interval-ms",
      String(options.intervalMs),
    ],
    { stdio: "inherit" },
  );
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`producer exited with ${code}`)),
    );
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      "database-url": { type: "string" },
      jobs: { type: "string", default: "1000" },
      "interval-ms": { type: "string", default: "10" },
      queue: { type: "string" },
      role: { type: "string", default: "bench" },
      json: { type: "string" },
    },
  });
  const databaseUrl = values["database-url"] ?? process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error("Give --database-url or set DATABASE_URL.");
  const options: Options = {
    databaseUrl,
    jobs: Number(values.jobs),
    intervalMs: Number(values["interval-ms"]),
  };
  if (values.role === "producer") {
    if (values.queue === "pg-boss") await pgBossProducer(options);
    else await graphileProducer(options);
    return;
  }
  const queues: QueueName[] = values.queue
    ? [values.queue as QueueName]
    : ["pg-boss", "graphile-worker"];
  const results: Record<string, Record<Mode, Summary> | { skipped: string }> = {};
  for (const queue of queues) {
    const installed = queue === "pg-boss" ? await loadPgBoss() : await loadGraphile();
    if (!installed) {
      results[queue] = { skipped: `${queue} is not installed (npm install --no-save ${queue})` };
      continue;
    }
    const scenario = queue === "pg-boss" ? pgBossScenario : graphileScenario;
    const byMode = {} as Record<Mode, Summary>;
    for (const mode of ["in-process", "second-process"] as const) {
      byMode[mode] = await scenario(options, mode);
      console.info(`${queue} ${mode}: ms ${JSON.stringify(byMode[mode])}`);
    }
    results[queue] = byMode;
  }
  const report = { jobs: options.jobs, intervalMs: options.intervalMs, results };
  console.info(JSON.stringify(report, null, 2));
  if (values.json) {
    await mkdir(path.dirname(values.json), { recursive: true });
    await writeFile(values.json, `${JSON.stringify(report, null, 2)}\n`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
