// `npm run load:cluster [-- --runs 100 --kill a|b|none --out report.json --build]`: the
// multi-instance test of docs/deploy.md. On this machine it creates a fresh database on an
// external PostgreSQL (--admin-url, default postgresql://postgres@127.0.0.1:5432), starts two
// production app instances A and B (`next start` of this checkout's build, each with its own
// DATA_DIR and port, the same DATABASE_URL and INTERNAL_SERVICE_KEY, JOBS_WORKER_IN_APP=false)
// and one `npm run worker` with a third DATA_DIR. It uploads the karate club through A and builds
// it there, has W build a second upload of A (a job), then starts --runs concurrent runs of the
// offline local-rules model, one per session, round-robin on A and B. Each run's events are read
// from the instance that started it and, after the first event, from the *other* instance with
// Last-Event-ID, as a browser behind a load balancer would reconnect. Once half the runs have
// streamed their first event one instance is killed with SIGKILL; the runs it executed must
// turn `interrupted` on the survivor within RUN_HEARTBEAT_STALE_SECONDS + one sweep and their
// sessions must take the next message there. Reports every failure by kind instead of
// stopping at the first, prints a table, writes a JSON report, and always removes its processes,
// data directories and database (also on Ctrl-C). Exits 1 when a must-be-zero figure is not 0.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { createWriteStream, existsSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";

// `npm run` starts scripts in the package root.
const root = process.cwd();
const terminalTypes = new Set(["run_paused", "run_completed", "run_cancelled", "run_error"]);
const finishedStatuses = new Set(["completed", "cancelled", "error", "interrupted", "paused"]);
const questions = [
  "rank the top 5 nodes by pagerank",
  "detect communities with louvain",
  "shortest path from 0 to 33",
  "which nodes have the highest betweenness centrality?",
  "show the degree distribution",
];

type Options = {
  runs: number;
  kill: "a" | "b" | "none";
  killAtFraction: number;
  reconnectAfter: number;
  adminUrl: string;
  out: string;
  build: boolean;
  staleSeconds: number;
  sweepSeconds: number;
  fixture: string;
};

type Instance = {
  name: "A" | "B" | "W";
  url?: string;
  pid?: number;
  dataDirectory: string;
  child?: ChildProcess;
  killedAt?: number;
  health: { latencies: number[]; failuresBeforeKill: number; failuresAfterKill: number };
};

type SseEvent = { id?: string; type: string; data: Record<string, unknown> };

type RunRecord = {
  index: number;
  sessionId?: string;
  runId?: string;
  home: "A" | "B";
  executor?: "A" | "B" | "unknown";
  postedAt: number;
  firstEventMs?: number;
  seqs: number[];
  terminal?: string;
  reconnected: boolean;
  /** The other instance was dead at reconnect time: followed on the home instance instead. */
  reconnectRerouted?: boolean;
  /** The reconnect was answered REPLAY_UNAVAILABLE and the run's snapshot showed its end. */
  reconnectBySnapshot?: boolean;
  /** A connection of this run was cut because the test killed its instance. */
  cutByKill?: boolean;
  reconnectServedBy?: "A" | "B";
  finalStatus?: string;
  finalObservedAt?: number;
  /** When the database says the run finished (epoch ms): the sweep's time, not our polling's. */
  savedFinishedAt?: number;
  failures: string[];
};

/** Failures by kind: `kind` is short and stable, `detail` goes to the JSON only. */
class Failures {
  readonly counts = new Map<string, number>();
  readonly samples: string[] = [];
  add(kind: string, detail?: string) {
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + 1);
    if (detail && this.samples.length < 40) this.samples.push(`${kind}: ${detail}`);
  }
}

const failures = new Failures();
/** Undo steps, run last first; each is registered before the thing it undoes can exist. */
const cleanupSteps: (() => Promise<void>)[] = [];
let stopping = false;
let cleaningUp: Promise<void> = Promise.resolve();

async function main(): Promise<number> {
  const options = readOptions();
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    // `on`, not `once`: Ctrl-C reaches this process twice (from the terminal and relayed by
    // tsx), and a second signal without a listener would end it before the clean-up is done.
    process.on(signal, () => {
      if (stopping) return;
      console.error(`\n${signal}: stopping the cluster and removing its database…`);
      void cleanup().finally(() => process.exit(130));
    });
  }
  try {
    return await runCluster(options);
  } finally {
    await cleanup();
  }
}

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      runs: { type: "string", default: "100" },
      kill: { type: "string", default: "a" },
      "kill-at": { type: "string", default: "0.5" },
      "reconnect-after": { type: "string", default: "1" },
      "admin-url": { type: "string", default: "postgresql://postgres@127.0.0.1:5432/postgres" },
      out: { type: "string" },
      build: { type: "boolean", default: false },
      "stale-seconds": { type: "string", default: "40" },
      "sweep-seconds": { type: "string", default: "5" },
      fixture: { type: "string", default: "tests/fixtures/karate_edges.csv" },
    },
  });
  const kill = values.kill?.toLowerCase();
  if (kill !== "a" && kill !== "b" && kill !== "none")
    throw new Error("--kill must be a, b or none");
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  return {
    runs: positiveInteger(values.runs, "--runs"),
    kill,
    killAtFraction: Math.min(1, Math.max(0, Number(values["kill-at"]))),
    reconnectAfter: positiveInteger(values["reconnect-after"], "--reconnect-after"),
    adminUrl: values["admin-url"] as string,
    out: path.resolve(values.out ?? `.data/load-cluster/report-${stamp}.json`),
    build: values.build ?? false,
    // 40 s is the smallest heartbeat limit lib/env.ts accepts; a short sweep keeps the test short.
    staleSeconds: positiveInteger(values["stale-seconds"], "--stale-seconds"),
    sweepSeconds: positiveInteger(values["sweep-seconds"], "--sweep-seconds"),
    fixture: path.resolve(values.fixture as string),
  };
}

async function runCluster(options: Options): Promise<number> {
  const started = performance.now();
  await ensureBuild(options);
  const logDirectory = options.out.replace(/\.json$/, "-logs");
  await mkdir(logDirectory, { recursive: true });
  const databaseUrl = await createDatabase(options.adminUrl);
  const shared = {
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: databaseUrl,
    // Instances on one database must share it (docs/deploy.md): it guards internal calls and
    // derives the key that encrypts saved provider keys.
    INTERNAL_SERVICE_KEY: randomBytes(24).toString("base64url"),
    JOBS_WORKER_IN_APP: "false",
    RUN_HEARTBEAT_STALE_SECONDS: String(options.staleSeconds),
    RUN_SWEEP_INTERVAL_SECONDS: String(options.sweepSeconds),
    // The karate club (~1 KB) builds inline on A; the larger worker probe becomes a job for W.
    CONSTRUCT_ASYNC_MIN_BYTES: "65536",
    DEFAULT_MODEL: "local-rules",
    EMBEDDING_PROVIDER: "off",
  };
  const a = await startApp("A", shared, logDirectory);
  const b = await startApp("B", shared, logDirectory); // after A: A applied the migrations
  const worker = await startWorker(shared, logDirectory);
  const instances = { A: a, B: b };
  console.info(
    `cluster up: A ${a.url} (pid ${a.pid}), B ${b.url} (pid ${b.pid}), W pid ${worker.pid}`,
  );

  const setup = await prepareProject(a.url as string, options.fixture);
  const workerProbe = await probeWorkerBuild(
    a.url as string,
    setup.projectId,
    path.join(logDirectory, "w.log"),
  );
  console.info(`worker build of an upload through A: ${workerProbe.outcome}`);

  // One session per run, so every run can start at once (a session takes one run at a time).
  const records: RunRecord[] = [];
  for (let index = 0; index < options.runs; index++) {
    const home = index % 2 === 0 ? "A" : "B";
    const session = await call(
      a.url as string,
      "POST",
      `/api/projects/${setup.projectId}/sessions`,
      {
        title: `cluster ${index + 1}`,
      },
    ).catch(networkAnswer);
    const record: RunRecord = {
      index,
      home,
      postedAt: 0,
      seqs: [],
      reconnected: false,
      failures: [],
    };
    if (session.status === 201) record.sessionId = session.body.session_id as string;
    else fail(record, `create_session_${session.status}`, JSON.stringify(session.body));
    records.push(record);
  }

  const healthStop = new AbortController();
  const healthPolls = [a, b].map((instance) => pollHealth(instance, healthStop.signal));
  const killTarget =
    options.kill === "none" ? undefined : instances[options.kill === "a" ? "A" : "B"];
  const survivor = killTarget === a ? b : a;
  let firstEvents = 0;
  let killedAt: number | undefined;
  let killedAtEpoch: number | undefined;
  const killWhen = Math.max(1, Math.ceil(options.runs * options.killAtFraction));
  const onFirstEvent = () => {
    firstEvents += 1;
    if (killTarget && killedAt === undefined && firstEvents >= killWhen) {
      killedAt = performance.now();
      killedAtEpoch = Date.now();
      killTarget.killedAt = killedAt;
      killProcessGroup(killTarget, "SIGKILL");
      console.info(
        `SIGKILL ${killTarget.name} (pid ${killTarget.pid}) after ${firstEvents} first events`,
      );
    }
  };

  const loadStarted = performance.now();
  await Promise.all(
    records.map((record) =>
      driveRun({ record, instances, setup, options, onFirstEvent }).catch((error) =>
        fail(record, "script_error", String(error)),
      ),
    ),
  );
  const streamsDoneMs = performance.now() - loadStarted;

  // Settle: the saved status of every run, read from the survivor (the only one left).
  const limitMs = (options.staleSeconds + options.sweepSeconds) * 1000;
  await settleStatuses(records, survivor, killedAt, limitMs);
  await readSavedRuns(databaseUrl, records, { A: a.pid, B: b.pid });
  const followUps = await sendFollowUps(records, survivor, setup.datasetId, killTarget?.name);
  healthStop.abort();
  await Promise.all(healthPolls);

  const report = buildReport({
    options,
    records,
    instances: [a, b],
    killTarget,
    killedAt,
    killedAtEpoch,
    limitMs,
    streamsDoneMs,
    totalMs: performance.now() - started,
    workerProbe,
    followUps,
    logDirectory,
  });
  await mkdir(path.dirname(options.out), { recursive: true });
  await writeFile(options.out, `${JSON.stringify(report.json, null, 2)}\n`);
  console.log(report.table);
  console.log(`\nJSON report: ${path.relative(process.cwd(), options.out)}`);
  console.log(`process logs: ${path.relative(process.cwd(), logDirectory)}`);
  return report.ok ? 0 : 1;
}

// ---------------------------------------------------------------- processes and database

/** `next start` serves `.next`; build it when missing (or asked), once, before anything starts. */
async function ensureBuild(options: Options) {
  if (!options.build && existsSync(path.join(root, ".next", "BUILD_ID"))) return;
  console.info("building the app (npm run build)…");
  const code = await new Promise<number>((resolve) => {
    const child = spawn("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
    child.on("exit", (status) => resolve(status ?? 1));
  });
  if (code !== 0) throw new Error(`npm run build exited with ${code}`);
}

async function createDatabase(adminUrl: string): Promise<string> {
  const name = `workbench_cluster_${Date.now()}_${randomBytes(3).toString("hex")}`;
  // The drop is registered first: a Ctrl-C during the create still removes the database.
  cleanupSteps.push(async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(`drop database if exists ${name} with (force)`);
    } finally {
      await client.end();
    }
  });
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function newDataDirectory(name: string): Promise<string> {
  const directory = path.join(os.tmpdir(), `workbench-cluster-${name}-${randomUUID().slice(0, 8)}`);
  cleanupSteps.push(() => rm(directory, { recursive: true, force: true }));
  await mkdir(directory, { recursive: true });
  return directory;
}

function emptyHealth() {
  return { latencies: [], failuresBeforeKill: 0, failuresAfterKill: 0 };
}

/** Spawns a process in its own process group (so one kill reaches `next start`'s children). */
function spawnLogged(
  instance: Instance,
  command: string,
  args: string[],
  env: Record<string, string>,
  logDirectory: string,
) {
  // After a Ctrl-C nothing new starts: the clean-up may already have passed this step.
  if (stopping) throw new Error("stopping");
  const log = createWriteStream(path.join(logDirectory, `${instance.name.toLowerCase()}.log`));
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  instance.child = child;
  instance.pid = child.pid;
  cleanupSteps.push(() => stopProcessGroup(instance));
}

async function startApp(
  name: "A" | "B",
  shared: Record<string, string>,
  logDirectory: string,
): Promise<Instance> {
  const port = await findFreePort();
  const instance: Instance = {
    name,
    url: `http://127.0.0.1:${port}`,
    dataDirectory: await newDataDirectory(name.toLowerCase()),
    health: emptyHealth(),
  };
  const next = path.join(root, "node_modules", "next", "dist", "bin", "next");
  spawnLogged(
    instance,
    process.execPath,
    [next, "start", "-H", "127.0.0.1", "-p", String(port)],
    { ...shared, PORT: String(port), DATA_DIR: instance.dataDirectory },
    logDirectory,
  );
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (instance.child?.exitCode !== null) {
      throw new Error(`instance ${name} exited during start-up (see ${logDirectory})`);
    }
    const health = await fetch(`${instance.url}/api/health`, {
      signal: AbortSignal.timeout(2_000),
    }).catch(() => undefined);
    if (health?.status === 200) return instance;
    await sleep(500);
  }
  throw new Error(`instance ${name} did not answer /api/health within 120 s`);
}

async function startWorker(shared: Record<string, string>, logDirectory: string) {
  const instance: Instance = {
    name: "W",
    dataDirectory: await newDataDirectory("w"),
    health: emptyHealth(),
  };
  // What `npm run worker` runs, without npm in between (its pid is the worker's).
  const tsx = path.join(root, "node_modules", ".bin", "tsx");
  spawnLogged(
    instance,
    tsx,
    ["--conditions=react-server", "scripts/worker.ts"],
    { ...shared, DATA_DIR: instance.dataDirectory },
    logDirectory,
  );
  const log = path.join(logDirectory, "w.log");
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (instance.child?.exitCode !== null) {
      failures.add("worker_exited_at_start", await readFile(log, "utf8").catch(() => ""));
      return instance;
    }
    if ((await readFile(log, "utf8").catch(() => "")).includes("job worker ready")) return instance;
    await sleep(500);
  }
  failures.add("worker_not_ready_within_60s");
  return instance;
}

function killProcessGroup(instance: Instance, signal: NodeJS.Signals) {
  if (!instance.pid) return;
  try {
    process.kill(-instance.pid, signal);
  } catch {
    // the group is gone already
  }
}

/** SIGTERM, then SIGKILL after 5 s; waits for the exit so nothing outlives the script. */
async function stopProcessGroup(instance: Instance) {
  const child = instance.child;
  if (!child || !instance.pid) return;
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
  killProcessGroup(instance, "SIGTERM");
  const timer = setTimeout(() => killProcessGroup(instance, "SIGKILL"), 5_000);
  await Promise.race([exited, sleep(8_000)]);
  clearTimeout(timer);
  // Children of `next start` that outlived their parent are in the same group.
  killProcessGroup(instance, "SIGKILL");
}

/** Runs every registered undo step once, newest first; safe to call again (Ctrl-C, errors). */
function cleanup(): Promise<void> {
  stopping = true;
  cleaningUp = cleaningUp.then(async () => {
    // Processes first (they hold connections), then their directories and the database.
    for (let step = cleanupSteps.pop(); step; step = cleanupSteps.pop()) {
      await step().catch((error) => console.error(`cleanup: ${String(error)}`));
    }
  });
  return cleaningUp;
}

// ---------------------------------------------------------------- set-up through A

async function prepareProject(baseUrl: string, fixture: string) {
  const project = await call(baseUrl, "POST", "/api/projects", {
    name: `Cluster ${new Date().toISOString()} ${randomUUID().slice(0, 8)}`,
  });
  expectStatus(project, [201], "create project");
  const projectId = project.body.project_id as string;
  const datasetId = await upload(
    baseUrl,
    projectId,
    path.basename(fixture),
    await readFile(fixture),
  );
  const built = await call(baseUrl, "POST", `/api/datasets/${datasetId}/construct`, {});
  expectStatus(built, [200, 202], "construct graph");
  if (built.status === 202) await waitForConstruction(baseUrl, projectId, datasetId, 120_000);
  return { projectId, datasetId };
}

async function upload(baseUrl: string, projectId: string, name: string, bytes: Buffer) {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(bytes)], name));
  const answer = await fetch(`${baseUrl}/api/projects/${projectId}/datasets`, {
    method: "POST",
    body: form,
  });
  const body = await answer.json();
  expectStatus({ status: answer.status, body }, [201], "upload dataset");
  return body.dataset_id as string;
}

/** An upload through A that is larger than CONSTRUCT_ASYNC_MIN_BYTES: W builds it (a job). */
async function probeWorkerBuild(baseUrl: string, projectId: string, workerLog: string) {
  try {
    const lines = ["source,target"];
    for (let node = 0; lines.join("\n").length < 100_000; node++) {
      lines.push(`${node},${(node * 7 + 1) % 5000}`, `${node},${(node * 13 + 5) % 5000}`);
    }
    const datasetId = await upload(
      baseUrl,
      projectId,
      "worker-probe.csv",
      Buffer.from(lines.join("\n")),
    );
    const built = await call(baseUrl, "POST", `/api/datasets/${datasetId}/construct`, {});
    if (built.status !== 202) {
      failures.add("worker_probe_not_a_job", `construct answered ${built.status}`);
      return { outcome: `construct answered ${built.status}, not a job`, datasetId };
    }
    const status = await waitForConstruction(baseUrl, projectId, datasetId, 60_000);
    if (status.status !== "ready") {
      // The API's error is generic; the worker's log says what really went wrong.
      const log = await readFile(workerLog, "utf8").catch(() => "");
      const cause = log
        .split("\n")
        .find((line) => /Error: /.test(line))
        ?.trim();
      const outcome = `${status.status}: ${JSON.stringify(status.error)}${cause ? ` (worker log: ${cause})` : ""}`;
      failures.add(`worker_build_${status.status}`, outcome);
      return { outcome, datasetId };
    }
    return { outcome: "built by W", datasetId };
  } catch (error) {
    failures.add("worker_probe_error", String(error));
    return { outcome: `error: ${String(error)}` };
  }
}

async function waitForConstruction(
  baseUrl: string,
  projectId: string,
  datasetId: string,
  timeoutMs: number,
): Promise<{ status: string; error?: unknown }> {
  const deadline = Date.now() + timeoutMs;
  let last: { construction_status?: string; construction_error?: unknown } | undefined;
  while (Date.now() < deadline) {
    const listed = await call(baseUrl, "GET", `/api/projects/${projectId}/datasets`);
    const datasets = (listed.body.datasets ?? []) as {
      dataset_id: string;
      construction_status: string;
      construction_error: unknown;
    }[];
    last = datasets.find((dataset) => dataset.dataset_id === datasetId);
    if (last?.construction_status === "ready") return { status: "ready" };
    if (last?.construction_status === "failed") {
      return { status: "failed", error: last.construction_error };
    }
    await sleep(500);
  }
  return { status: `still_${last?.construction_status ?? "unknown"}_after_${timeoutMs / 1000}s` };
}

// ---------------------------------------------------------------- one run

async function driveRun(input: {
  record: RunRecord;
  instances: { A: Instance; B: Instance };
  setup: { datasetId: string };
  options: Options;
  onFirstEvent: () => void;
}) {
  const { record, instances } = input;
  if (!record.sessionId) return;
  const home = instances[record.home];
  const other = instances[record.home === "A" ? "B" : "A"];
  record.postedAt = performance.now();
  const started = await call(home.url as string, "POST", `/api/sessions/${record.sessionId}/runs`, {
    start_request_id: randomUUID(),
    message: questions[record.index % questions.length],
    attachments: [input.setup.datasetId],
    options: { model: "local-rules" },
  }).catch(networkAnswer);
  if (started.status !== 200 && started.status !== 202) {
    fail(
      record,
      `start_${started.status}_${errorCode(started.body)}`,
      JSON.stringify(started.body),
    );
    return;
  }
  record.runId = started.body.run_id as string;

  // 1. The instance that started the run, until --reconnect-after events arrived.
  const first = await followStream({
    instance: home,
    record,
    afterSeq: -1,
    stopAfter: input.options.reconnectAfter,
    onFirstEvent: input.onFirstEvent,
  });
  // A connection to an instance the test itself killed is cut by design: the client moves on.
  const cutByKill = (kind: string, instance: Instance) =>
    (kind === "cut" || kind === "refused") && instance.killedAt !== undefined;
  if (cutByKill(first.kind, home)) record.cutByKill = true;
  else if (first.kind !== "stopped" && first.kind !== "terminal") {
    fail(record, `home_stream_${first.kind}`, first.detail);
  }
  if (record.terminal) return;

  // 2. The other instance, from the last seq seen: what a reconnect through a balancer does.
  // A balancer sends nothing to an instance its health check found dead: when the other one
  // was killed, the reconnect goes back to the instance that started the run (step 3).
  if (other.killedAt === undefined) record.reconnected = true;
  else {
    record.reconnectRerouted = true;
    const rerouted = await followStream({
      instance: home,
      record,
      afterSeq: lastSeq(record),
      useLastEventId: true,
      onFirstEvent: input.onFirstEvent,
    });
    if (rerouted.kind !== "terminal")
      fail(record, `rerouted_home_${rerouted.kind}`, rerouted.detail);
    return;
  }
  const second = await followStream({
    instance: other,
    record,
    afterSeq: lastSeq(record),
    useLastEventId: true,
    onFirstEvent: input.onFirstEvent,
  });
  if (second.kind === "terminal") {
    record.reconnectServedBy = other.name as "A" | "B";
    return;
  }
  // REPLAY_UNAVAILABLE sends a client to the run's snapshot (the browser does exactly this):
  // served, when the snapshot on that instance reaches the run's end.
  if (second.kind === "replay_unavailable" || second.kind.startsWith("http_410")) {
    if (await snapshotReachesEnd({ instance: other, record })) {
      record.reconnectServedBy = other.name as "A" | "B";
      record.reconnectBySnapshot = true;
      return;
    }
  }
  // Killed while it served the reconnect: the client goes back home, like a rerouted one.
  if (cutByKill(second.kind, other)) {
    record.cutByKill = true;
    record.reconnected = false;
    record.reconnectRerouted = true;
  } else fail(record, `reconnect_other_${second.kind}`, second.detail);

  // 3. What a client does next: back to the instance that ran it, if it still lives.
  if (home.killedAt !== undefined) {
    if (record.reconnectRerouted) fail(record, "rerouted_home_dead", "both instances gone");
    return;
  }
  const third = await followStream({
    instance: home,
    record,
    afterSeq: lastSeq(record),
    useLastEventId: true,
    onFirstEvent: input.onFirstEvent,
  });
  if (third.kind !== "terminal") fail(record, `fallback_home_${third.kind}`, third.detail);
}

/** Reads the run's snapshot on `instance` until it shows the run finished (at most 90 s). */
async function snapshotReachesEnd(input: {
  instance: Instance;
  record: RunRecord;
}): Promise<boolean> {
  const deadline = performance.now() + 90_000;
  while (performance.now() < deadline) {
    const snapshot = await call(
      input.instance.url as string,
      "GET",
      `/api/runs/${input.record.runId}`,
    ).catch(networkAnswer);
    if (snapshot.status === 200 && finishedStatuses.has(snapshot.body.run_status as string)) {
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  return false;
}

type StreamOutcome = {
  kind:
    | "terminal"
    | "stopped"
    | "ended_without_terminal"
    | "replay_unavailable"
    | "cut"
    | "refused"
    | "timeout"
    | `http_${number}_${string}`;
  detail?: string;
};

/** Reads one SSE connection into the record; `stopped` when it hung up after `stopAfter` events. */
async function followStream(input: {
  instance: Instance;
  record: RunRecord;
  afterSeq: number;
  useLastEventId?: boolean;
  stopAfter?: number;
  onFirstEvent: () => void;
}): Promise<StreamOutcome> {
  const { record } = input;
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(new Error("timeout")), 120_000);
  let received = 0;
  try {
    const query = input.useLastEventId ? "" : `?after_seq=${input.afterSeq}`;
    const response = await fetch(`${input.instance.url}/api/runs/${record.runId}/events${query}`, {
      headers: input.useLastEventId ? { "last-event-id": String(input.afterSeq) } : undefined,
      signal: controller.signal,
    });
    if (response.status !== 200 || !response.body) {
      const text = await response.text();
      let code = "";
      try {
        code = errorCode(JSON.parse(text));
      } catch {}
      return { kind: `http_${response.status}_${code || "no_code"}`, detail: text.slice(0, 300) };
    }
    const decoder = new TextDecoder();
    let buffer = "";
    const reader = response.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      buffer += decoder.decode(chunk.value, { stream: true });
      for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
        const block = buffer.slice(0, end).split("\n");
        buffer = buffer.slice(end + 2);
        const field = (name: string) =>
          block.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
        const data = field("data");
        if (data === undefined) continue; // a `: ping` heartbeat
        const event: SseEvent = {
          id: field("id"),
          type: field("event") ?? "message",
          data: JSON.parse(data),
        };
        if (event.type === "replay_unavailable") {
          return { kind: "replay_unavailable", detail: data };
        }
        if (record.firstEventMs === undefined) {
          record.firstEventMs = performance.now() - record.postedAt;
          input.onFirstEvent();
        }
        if (typeof event.data.seq === "number") record.seqs.push(event.data.seq);
        received += 1;
        if (terminalTypes.has(event.type)) {
          record.terminal = event.type;
          controller.abort();
          return { kind: "terminal" };
        }
        if (input.stopAfter !== undefined && received >= input.stopAfter) {
          controller.abort();
          return { kind: "stopped" };
        }
      }
    }
    return { kind: "ended_without_terminal" };
  } catch (error) {
    if (controller.signal.aborted && String(controller.signal.reason).includes("timeout")) {
      return { kind: "timeout" };
    }
    // Refused at connect (a dead instance) or dropped mid-stream: different stories.
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    if (cause === "ECONNREFUSED") return { kind: "refused", detail: String(error) };
    return { kind: "cut", detail: `${String(error)} ${cause ?? ""}` };
  } finally {
    clearTimeout(timeout);
  }
}

function lastSeq(record: RunRecord): number {
  return record.seqs.length === 0 ? -1 : Math.max(...record.seqs);
}

function fail(record: RunRecord, kind: string, detail?: string) {
  record.failures.push(kind);
  failures.add(kind, `run ${record.runId ?? `#${record.index}`}: ${detail ?? ""}`);
}

// ---------------------------------------------------------------- after the load

/**
 * Which instance executed each run, from the executor id (host:pid:…) saved on it, and when
 * the database says it finished.
 */
async function readSavedRuns(
  databaseUrl: string,
  records: RunRecord[],
  pids: { A?: number; B?: number },
) {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    const { rows } = await client.query<{
      id: string;
      executor: string | null;
      finished: Date | null;
    }>(`select id, "executorId" as executor, "finishedAt" as finished from runs`);
    const byRun = new Map(rows.map((row) => [row.id, row]));
    for (const record of records) {
      const row = byRun.get(record.runId ?? "");
      const pid = Number(row?.executor?.split(":")[1]);
      record.executor = pid === pids.A ? "A" : pid === pids.B ? "B" : "unknown";
      record.savedFinishedAt = row?.finished?.getTime();
    }
  } catch (error) {
    failures.add("executor_lookup_failed", String(error));
  } finally {
    await client.end().catch(() => {});
  }
}

/** Polls the survivor until every run has a finished saved status, or the limit is long past. */
async function settleStatuses(
  records: RunRecord[],
  survivor: Instance,
  killedAt: number | undefined,
  limitMs: number,
) {
  const deadline = (killedAt ?? performance.now()) + limitMs + 30_000;
  for (;;) {
    const open = records.filter(
      (record) => record.runId && !finishedStatuses.has(record.finalStatus ?? ""),
    );
    if (open.length === 0) return;
    await Promise.all(
      open.map(async (record) => {
        const snapshot = await call(
          survivor.url as string,
          "GET",
          `/api/runs/${record.runId}`,
        ).catch(networkAnswer);
        if (snapshot.status !== 200) return;
        record.finalStatus = snapshot.body.run_status as string;
        if (finishedStatuses.has(record.finalStatus)) record.finalObservedAt = performance.now();
      }),
    );
    if (performance.now() > deadline) {
      for (const record of open) {
        if (!finishedStatuses.has(record.finalStatus ?? "")) {
          fail(record, `not_finished_${record.finalStatus ?? "unknown"}`);
        }
      }
      return;
    }
    await sleep(1_000);
  }
}

/** The next message in (up to 5) sessions whose run was interrupted, sent to the survivor. */
async function sendFollowUps(
  records: RunRecord[],
  survivor: Instance,
  datasetId: string,
  killedName: string | undefined,
) {
  const interrupted = records.filter((record) => record.finalStatus === "interrupted").slice(0, 5);
  let completed = 0;
  const problems: string[] = [];
  for (const record of interrupted) {
    const follow: RunRecord = {
      index: record.index,
      sessionId: record.sessionId,
      home: survivor.name as "A" | "B",
      postedAt: performance.now(),
      seqs: [],
      reconnected: false,
      failures: [],
    };
    const started = await call(
      survivor.url as string,
      "POST",
      `/api/sessions/${record.sessionId}/runs`,
      {
        start_request_id: randomUUID(),
        message: "rank the top 5 nodes by pagerank",
        attachments: [datasetId],
        options: { model: "local-rules" },
      },
    ).catch(networkAnswer);
    if (started.status !== 200 && started.status !== 202) {
      problems.push(`start ${started.status} ${errorCode(started.body)}`);
      failures.add(`follow_up_start_${started.status}_${errorCode(started.body)}`);
      continue;
    }
    follow.runId = started.body.run_id as string;
    const outcome = await followStream({
      instance: survivor,
      record: follow,
      afterSeq: -1,
      onFirstEvent: () => {},
    });
    if (follow.terminal === "run_completed") completed += 1;
    else {
      problems.push(`${outcome.kind} ${follow.terminal ?? ""}`);
      failures.add(`follow_up_${follow.terminal ?? outcome.kind}`);
    }
  }
  return { tried: interrupted.length, completed, problems, killed: killedName };
}

async function pollHealth(instance: Instance, signal: AbortSignal) {
  while (!signal.aborted) {
    const started = performance.now();
    const answer = await fetch(`${instance.url}/api/health`, {
      signal: AbortSignal.timeout(5_000),
    }).catch(() => undefined);
    await answer?.body?.cancel().catch(() => {});
    if (answer?.status === 200) instance.health.latencies.push(performance.now() - started);
    else if (instance.killedAt === undefined) instance.health.failuresBeforeKill += 1;
    else instance.health.failuresAfterKill += 1;
    await sleep(250);
  }
}

// ---------------------------------------------------------------- report

function buildReport(input: {
  options: Options;
  records: RunRecord[];
  instances: Instance[];
  killTarget: Instance | undefined;
  killedAt: number | undefined;
  killedAtEpoch: number | undefined;
  limitMs: number;
  streamsDoneMs: number;
  totalMs: number;
  workerProbe: { outcome: string };
  followUps: { tried: number; completed: number; problems: string[] };
  logDirectory: string;
}) {
  const { records, killTarget, killedAt } = input;
  const started = records.filter((record) => record.runId);
  const byStatus = countBy(started, (record) => record.finalStatus ?? "unknown");
  const killedName = killTarget?.name;
  const interrupted = started.filter((record) => record.finalStatus === "interrupted");
  const interruptedElsewhere = interrupted.filter((record) => record.executor !== killedName);
  // From the kill to the saved `finishedAt` (the sweep's own clock, same machine); the time our
  // polling first saw it when the database could not be read.
  const interruptedAfter = (record: RunRecord) =>
    killedAt === undefined || input.killedAtEpoch === undefined
      ? undefined
      : record.savedFinishedAt !== undefined
        ? record.savedFinishedAt - input.killedAtEpoch
        : record.finalObservedAt !== undefined
          ? record.finalObservedAt - killedAt
          : undefined;
  const lateInterrupts = interrupted.filter((record) => {
    const after = interruptedAfter(record);
    return after === undefined || after > input.limitMs;
  });
  const interruptLatencies = interrupted.flatMap((record) => {
    const after = interruptedAfter(record);
    return after === undefined ? [] : [after];
  });
  let lost = 0;
  let duplicated = 0;
  const survivorRuns = started.filter((record) => record.executor !== killedName);
  for (const record of started) {
    const seen = new Set<number>();
    for (const seq of record.seqs) {
      if (seen.has(seq)) duplicated += 1;
      seen.add(seq);
    }
    // Gaps below the highest seq read; a run that was interrupted ends where its stream was cut.
    const highest = lastSeq(record);
    for (let seq = 0; seq <= highest; seq++) if (!seen.has(seq)) lost += 1;
  }
  const terminalMissing = survivorRuns.filter(
    (record) => record.finalStatus === "completed" && record.terminal === undefined,
  ).length;
  const reconnects = started.filter((record) => record.reconnected);
  const reconnectsServed = reconnects.filter((record) => record.reconnectServedBy);
  const firstEvents = started.flatMap((record) =>
    record.firstEventMs === undefined ? [] : [record.firstEventMs],
  );
  const health = Object.fromEntries(
    input.instances.map((instance) => [
      instance.name,
      {
        samples: instance.health.latencies.length,
        p50_ms: round(percentile(instance.health.latencies, 50)),
        p95_ms: round(percentile(instance.health.latencies, 95)),
        max_ms: round(maximum(instance.health.latencies)),
        failures_before_kill: instance.health.failuresBeforeKill,
        failures_after_kill: instance.health.failuresAfterKill,
      },
    ]),
  );
  const failureKinds = Object.fromEntries(
    [...failures.counts.entries()].sort((a, b) => b[1] - a[1]),
  );
  const mustBeZero: [string, number][] = [
    ["runs not started", records.length - started.length],
    [
      "survivor's runs not completed",
      survivorRuns.filter((r) => r.finalStatus !== "completed").length,
    ],
    ["runs interrupted that the killed instance did not run", interruptedElsewhere.length],
    ["interrupted later than stale + one sweep (or never seen)", lateInterrupts.length],
    [
      "killed instance's runs not interrupted or completed",
      started.filter(
        (r) =>
          r.executor === killedName &&
          r.finalStatus !== "interrupted" &&
          r.finalStatus !== "completed",
      ).length,
    ],
    [
      "reconnects to the other instance refused or broken",
      reconnects.length - reconnectsServed.length,
    ],
    ["events lost (gaps below the last seq read)", lost],
    ["events duplicated", duplicated],
    ["completed runs whose terminal event was never read", terminalMissing],
    [
      "follow-ups in interrupted sessions not completed",
      input.followUps.tried - input.followUps.completed,
    ],
    [
      "worker build of an upload through A failed",
      input.workerProbe.outcome === "built by W" ? 0 : 1,
    ],
  ];
  const rows: [string, string][] = [
    ["runs started / asked", `${started.length} / ${records.length}`],
    [
      "runs by saved status",
      Object.entries(byStatus)
        .map(([k, v]) => `${k} ${v}`)
        .join(", "),
    ],
    [
      "runs executed by A / B / unknown",
      ["A", "B", "unknown"].map((n) => started.filter((r) => r.executor === n).length).join(" / "),
    ],
    [
      "killed",
      killTarget
        ? `${killTarget.name} (SIGKILL) ${ms(killedAt === undefined ? Number.NaN : killedAt - (records[0]?.postedAt ?? 0))} into the load`
        : "none",
    ],
    [
      "interrupted (all of killed instance's?)",
      `${interrupted.length} (${interruptedElsewhere.length === 0 ? "yes" : `no: ${interruptedElsewhere.length} elsewhere`})`,
    ],
    [
      "kill → interrupted (saved), p50 / max (limit)",
      `${ms(percentile(interruptLatencies, 50))} / ${ms(maximum(interruptLatencies))} (${ms(input.limitMs)})`,
    ],
    [
      "reconnects to the other instance served",
      `${reconnectsServed.length} / ${reconnects.length}`,
    ],
    [
      "of which answered REPLAY_UNAVAILABLE, then by the snapshot",
      String(started.filter((record) => record.reconnectBySnapshot).length),
    ],
    [
      "runs with a connection cut by the kill (the client moved on)",
      String(started.filter((record) => record.cutByKill).length),
    ],
    [
      "reconnects rerouted home (the other instance was dead)",
      String(started.filter((record) => record.reconnectRerouted).length),
    ],
    [
      "first event p50 / p95",
      `${ms(percentile(firstEvents, 50))} / ${ms(percentile(firstEvents, 95))}`,
    ],
    ...input.instances.map((instance): [string, string] => {
      const h = health[instance.name];
      return [
        `health ${instance.name} p50 / p95 / max (n, failures before/after kill)`,
        `${h.p50_ms} / ${h.p95_ms} / ${h.max_ms} ms (${h.samples}, ${h.failures_before_kill}/${h.failures_after_kill})`,
      ];
    }),
    ["worker build of an upload through A", input.workerProbe.outcome.slice(0, 240)],
    [
      "follow-ups after interruption completed",
      `${input.followUps.completed} / ${input.followUps.tried}`,
    ],
    [
      "streams done / whole test",
      `${(input.streamsDoneMs / 1000).toFixed(1)} s / ${(input.totalMs / 1000).toFixed(1)} s`,
    ],
    ...mustBeZero.map(([label, value]): [string, string] => [
      `${label} [must be 0]`,
      String(value),
    ]),
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  const failureLines = Object.entries(failureKinds).map(
    ([kind, count]) => `  ${String(count).padStart(4)}  ${kind}`,
  );
  const table = [
    rows.map(([label, value]) => `${label.padEnd(width)}  ${value}`).join("\n"),
    "",
    failureLines.length > 0
      ? `failures by kind:\n${failureLines.join("\n")}`
      : "failures by kind: none",
  ].join("\n");
  return {
    ok: mustBeZero.every(([, value]) => value === 0),
    table,
    json: {
      options: { ...input.options, out: undefined },
      runs: { asked: records.length, started: started.length, by_status: byStatus },
      executed_by: countBy(started, (record) => record.executor ?? "unknown"),
      killed: killTarget?.name ?? null,
      interrupted: {
        count: interrupted.length,
        only_killed_instance: interruptedElsewhere.length === 0,
        limit_ms: input.limitMs,
        latency_p50_ms: round(percentile(interruptLatencies, 50)),
        latency_max_ms: round(maximum(interruptLatencies)),
        late_or_unseen: lateInterrupts.length,
      },
      reconnects: { tried: reconnects.length, served_by_other: reconnectsServed.length },
      events: { lost, duplicated, terminal_missing: terminalMissing },
      first_event_ms: {
        p50: round(percentile(firstEvents, 50)),
        p95: round(percentile(firstEvents, 95)),
      },
      health,
      worker_probe: input.workerProbe,
      follow_ups: input.followUps,
      must_be_zero: Object.fromEntries(mustBeZero),
      failures_by_kind: failureKinds,
      failure_samples: failures.samples,
      per_run: records.map((record) => ({
        run_id: record.runId ?? null,
        home: record.home,
        executor: record.executor ?? null,
        status: record.finalStatus ?? null,
        first_event_ms: round(record.firstEventMs ?? Number.NaN),
        events_read: record.seqs.length,
        terminal: record.terminal ?? null,
        reconnect_served_by: record.reconnectServedBy ?? null,
        failures: record.failures,
      })),
      logs: input.logDirectory,
    },
  };
}

// ---------------------------------------------------------------- helpers

type Answer = { status: number; body: Record<string, unknown> };

async function call(
  baseUrl: string,
  method: string,
  route: string,
  body?: unknown,
): Promise<Answer> {
  const response = await fetch(`${baseUrl}${route}`, {
    method,
    headers: body === undefined ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  try {
    return { status: response.status, body: text ? JSON.parse(text) : {} };
  } catch {
    return { status: response.status, body: { text: text.slice(0, 300) } };
  }
}

/** A refused connection (a killed instance) is an answer with status 0, never a crash. */
function networkAnswer(error: unknown): Answer {
  return { status: 0, body: { error: { code: "NETWORK", message: String(error) } } };
}

function errorCode(body: Record<string, unknown>): string {
  const error = body.error as { code?: string } | undefined;
  return error?.code ?? (typeof body.code === "string" ? body.code : "no_code");
}

function expectStatus(answer: Answer, statuses: number[], what: string) {
  if (!statuses.includes(answer.status)) {
    throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
}

function countBy<Item>(items: Item[], key: (item: Item) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

/** Nearest-rank percentile. */
function percentile(values: number[], rank: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((rank / 100) * sorted.length) - 1)];
}

function maximum(values: number[]): number {
  return values.length === 0 ? Number.NaN : Math.max(...values);
}

function round(value: number): number | null {
  return Number.isFinite(value) ? Math.round(value) : null;
}

function ms(value: number): string {
  return Number.isFinite(value) ? `${Math.round(value)} ms` : "n/a";
}

function sleep(milliseconds: number) {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function positiveInteger(value: string | undefined, name: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1)
    throw new Error(`${name} must be a positive integer`);
  return parsed;
}

main().then(
  (code) => process.exit(code),
  async (error) => {
    // After a Ctrl-C the load fails against stopped processes: that is no news.
    if (!stopping) {
      console.error(
        `load:cluster could not finish: ${error instanceof Error ? error.message : error}`,
      );
    }
    await cleanup();
    process.exit(stopping ? 130 : 2);
  },
);
