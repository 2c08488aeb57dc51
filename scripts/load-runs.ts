// `npm run load:runs [-- --runs 50 --sessions 10 --base-url http://host:port]`: pushes runs of
// the offline local-rules model through the HTTP API, every session working concurrently and
// sending its next message as soon as its previous run ended (a session takes one active run
// at a time, RC-2). Each run is started twice at once with the same start_request_id, and its
// SSE stream is read from -1 to the terminal event and checked against the run snapshot.
// Without --base-url the app's route handlers are served in-process over real loopback HTTP
// with the app's own database resolution (embedded PostgreSQL under DATA_DIR, DATABASE_URL, or
// a wiped local TEST_DATABASE_URL). Exits non-zero when any must-be-zero figure is not zero.
// Runs with `--conditions=react-server` so `server-only` modules load outside Next.
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";

const questions = [
  "rank the top 5 nodes by pagerank",
  "detect communities with louvain",
  "shortest path from 0 to 33",
  "which nodes have the highest betweenness centrality?",
  "show the degree distribution",
];
const terminalTypes = new Set(["run_paused", "run_completed", "run_cancelled", "run_error"]);
const streamTimeoutMs = 180_000;

type Target = { url: string; description: string; close: () => Promise<void> };
type SseEvent = { id: string | undefined; type: string; data: Record<string, unknown> };
type RunResult = {
  runId?: string;
  firstEventMs?: number;
  durationMs?: number;
  events: number;
  httpErrors: number;
  runErrors: number;
  lost: number;
  duplicated: number;
  idempotencyMismatches: number;
  protocolViolations: number;
  snapshotMismatches: number;
  problems: string[];
};

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      runs: { type: "string", default: "50" },
      sessions: { type: "string", default: "10" },
      "base-url": { type: "string" },
      fixture: { type: "string", default: "tests/fixtures/karate_edges.csv" },
    },
  });
  const runs = positiveInteger(values.runs, "--runs");
  const sessions = Math.min(positiveInteger(values.sessions, "--sessions"), runs);
  const target = values["base-url"]
    ? {
        url: values["base-url"].replace(/\/$/, ""),
        description: `server at ${values["base-url"]}`,
        close: async () => {},
      }
    : await startInProcessTarget();
  try {
    const setupStarted = performance.now();
    const { projectId, datasetId } = await prepareProject(target.url, path.resolve(values.fixture));
    const sessionIds: string[] = [];
    for (let index = 0; index < sessions; index++) {
      const created = await call(target.url, "POST", `/api/projects/${projectId}/sessions`, {
        title: `load ${index + 1}`,
      });
      expectStatus(created, [201], "create session");
      sessionIds.push(created.body.session_id as string);
    }
    const setupMs = performance.now() - setupStarted;

    const loadStarted = performance.now();
    const results = await Promise.all(
      sessionIds.map(async (sessionId, index) => {
        const own: RunResult[] = [];
        // Run k goes to session k mod sessions, so the runs spread evenly.
        for (let run = index; run < runs; run += sessions) {
          own.push(
            await pushRun(target.url, sessionId, questions[run % questions.length], datasetId),
          );
        }
        return own;
      }),
    );
    const wallMs = performance.now() - loadStarted;
    return report({
      results: results.flat(),
      wallMs,
      setupMs,
      sessions,
      target: target.description,
    });
  } finally {
    await target.close();
  }
}

/** Serves the app's route handlers in this process, the way bench/runtime-bench.ts does. */
async function startInProcessTarget(): Promise<Target> {
  const { serveRouteHandlers } = await import("../tests/support/serve-route-handlers");
  const { prepareTestDatabase } = await import("../tests/support/test-database");
  const root = path.resolve(process.env.DATA_DIR ?? ".data/load-runs");
  let stopTestDatabase = async () => {};
  if (!process.env.DATABASE_URL && process.env.TEST_DATABASE_URL) {
    const database = await prepareTestDatabase({
      testDatabaseUrl: process.env.TEST_DATABASE_URL,
      dataDirectory: root,
    });
    process.env.DATABASE_URL = database.connectionString;
    stopTestDatabase = database.stop;
  }
  // Its own data directory and embedded port, so a dev server's database is never touched.
  process.env.DATA_DIR = root;
  process.env.EMBEDDED_POSTGRES_PORT ??= "54341"; // not the e2e server's 54339
  process.env.INTERNAL_SERVICE_KEY ??= `load-${randomUUID()}`;
  const dispatch = await routeDispatcher();
  const server = await serveRouteHandlers({ GET: dispatch, POST: dispatch, DELETE: dispatch });
  process.env.GRAPH_ENGINE_URL = `${server.url}/api/mcp`;
  const { resetEnvForTests } = await import("../lib/env");
  resetEnvForTests();
  const { startServer } = await import("../lib/server/start-server");
  await startServer();
  const { getDatabaseConnection, closeDatabaseConnection } = await import(
    "../lib/db/database-connection"
  );
  const { disconnectDb } = await import("../lib/db/client");
  const { mode } = await getDatabaseConnection();
  return {
    url: server.url,
    description: `in-process, ${mode} PostgreSQL`,
    close: async () => {
      await server.close();
      await disconnectDb();
      await closeDatabaseConnection();
      await stopTestDatabase();
    },
  };
}

type RouteHandler = (
  request: Request,
  context: { params: Promise<Record<string, string>> },
) => Promise<Response>;

/** One handler for every method that routes a path to its Next route module, like Next does. */
async function routeDispatcher() {
  const modules: Record<string, Record<string, unknown>> = {
    "/api/health": await import("../app/api/health/route"),
    "/api/mcp": await import("../app/api/mcp/route"),
    "/api/projects": await import("../app/api/projects/route"),
    "/api/projects/[project_id]/datasets": await import(
      "../app/api/projects/[project_id]/datasets/route"
    ),
    "/api/projects/[project_id]/sessions": await import(
      "../app/api/projects/[project_id]/sessions/route"
    ),
    "/api/datasets/[dataset_id]/construct": await import(
      "../app/api/datasets/[dataset_id]/construct/route"
    ),
    "/api/sessions/[session_id]": await import("../app/api/sessions/[session_id]/route"),
    "/api/sessions/[session_id]/runs": await import("../app/api/sessions/[session_id]/runs/route"),
    "/api/runs/[run_id]": await import("../app/api/runs/[run_id]/route"),
    "/api/runs/[run_id]/events": await import("../app/api/runs/[run_id]/events/route"),
  };
  const routes = Object.entries(modules).map(([pattern, module]) => {
    const names: string[] = [];
    const source = pattern.replace(/\[(\w+)\]/g, (_, name: string) => {
      names.push(name);
      return "([^/]+)";
    });
    return { regex: new RegExp(`^${source}$`), names, module };
  });
  return async (request: Request): Promise<Response> => {
    const { pathname } = new URL(request.url);
    for (const route of routes) {
      const match = route.regex.exec(pathname);
      if (!match) continue;
      const handler = route.module[request.method] as RouteHandler | undefined;
      if (!handler) return new Response(null, { status: 405 });
      const params = Object.fromEntries(
        route.names.map((name, index) => [name, decodeURIComponent(match[index + 1])]),
      );
      return handler(request, { params: Promise.resolve(params) });
    }
    return new Response(null, { status: 404 });
  };
}

/** A project with the karate club uploaded and its graph built. */
async function prepareProject(baseUrl: string, fixture: string) {
  const project = await call(baseUrl, "POST", "/api/projects", {
    name: `Load ${new Date().toISOString()} ${randomUUID().slice(0, 8)}`,
  });
  expectStatus(project, [201], "create project");
  const projectId = project.body.project_id as string;
  const form = new FormData();
  form.append("file", new File([await readFile(fixture)], path.basename(fixture)));
  const uploaded = await fetch(`${baseUrl}/api/projects/${projectId}/datasets`, {
    method: "POST",
    body: form,
  });
  const dataset = { status: uploaded.status, body: await uploaded.json() };
  expectStatus(dataset, [201], "upload dataset");
  const datasetId = dataset.body.dataset_id as string;
  const built = await call(baseUrl, "POST", `/api/datasets/${datasetId}/construct`, {});
  expectStatus(built, [200, 202], "construct graph");
  if (built.status === 202) await waitForConstruction(baseUrl, projectId, datasetId);
  return { projectId, datasetId };
}

/** A 202 construction is a job: wait until the dataset says its graph is ready. */
async function waitForConstruction(baseUrl: string, projectId: string, datasetId: string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const listed = await call(baseUrl, "GET", `/api/projects/${projectId}/datasets`);
    const datasets = (listed.body.datasets ?? []) as {
      dataset_id: string;
      construction_status: string;
    }[];
    const status = datasets.find(
      (dataset) => dataset.dataset_id === datasetId,
    )?.construction_status;
    if (status === "ready") return;
    if (status === "failed") throw new Error("the construction failed");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the construction did not finish within 120 s");
}

/** Starts one run twice at once (same start_request_id), reads its stream, checks it. */
async function pushRun(baseUrl: string, sessionId: string, message: string, datasetId: string) {
  const result: RunResult = {
    events: 0,
    httpErrors: 0,
    runErrors: 0,
    lost: 0,
    duplicated: 0,
    idempotencyMismatches: 0,
    protocolViolations: 0,
    snapshotMismatches: 0,
    problems: [],
  };
  const body = {
    start_request_id: randomUUID(),
    message,
    attachments: [datasetId],
    options: { model: "local-rules" },
  };
  const postedAt = performance.now();
  // A refused connection or a non-JSON answer counts as an HTTP error, not a crash of the test.
  const answers = await Promise.all(
    [0, 1].map(() =>
      call(baseUrl, "POST", `/api/sessions/${sessionId}/runs`, body).catch(
        (error): Answer => ({ status: 0, body: { error: String(error) } }),
      ),
    ),
  );
  const failed = answers.filter((answer) => answer.status !== 200 && answer.status !== 202);
  if (failed.length > 0) {
    result.httpErrors += failed.length;
    result.problems.push(
      `start: ${failed.map((answer) => JSON.stringify(answer.body)).join("; ")}`,
    );
  }
  const runIds = new Set(answers.map((answer) => answer.body.run_id).filter(Boolean));
  const statuses = answers.map((answer) => answer.status).sort();
  if (failed.length === 0 && (runIds.size !== 1 || statuses.join() !== "200,202")) {
    result.idempotencyMismatches += 1;
    result.problems.push(`idempotency: statuses ${statuses} run ids ${[...runIds]}`);
  }
  const runId = [...runIds][0] as string | undefined;
  if (!runId) return result;
  result.runId = runId;
  try {
    const stream = await readStream(baseUrl, runId, postedAt);
    result.firstEventMs = stream.firstEventMs;
    result.durationMs = performance.now() - postedAt;
    checkEvents(stream.events, result);
    await checkSnapshot(baseUrl, runId, stream.events, result);
  } catch (error) {
    result.httpErrors += 1;
    result.problems.push(`stream: ${error instanceof Error ? error.message : String(error)}`);
  }
  return result;
}

/** Reads a run's SSE stream from -1 until the server ends it. */
async function readStream(baseUrl: string, runId: string, postedAt: number) {
  const response = await fetch(`${baseUrl}/api/runs/${runId}/events?after_seq=-1`, {
    signal: AbortSignal.timeout(streamTimeoutMs),
  });
  if (response.status !== 200 || !response.body) {
    throw new Error(`GET events answered ${response.status}: ${await response.text()}`);
  }
  const events: SseEvent[] = [];
  let firstEventMs: number | undefined;
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
      firstEventMs ??= performance.now() - postedAt;
      events.push({ id: field("id"), type: field("event") ?? "message", data: JSON.parse(data) });
    }
  }
  return { events, firstEventMs };
}

/** Seq from 0 without gaps or repeats, one terminal event at the end, tool events paired. */
function checkEvents(events: SseEvent[], result: RunResult) {
  result.events = events.length;
  let expected = 0;
  for (const event of events) {
    const seq = event.data.seq;
    if (typeof seq !== "number" || event.id !== String(seq) || event.data.type !== event.type) {
      result.protocolViolations += 1;
      result.problems.push(`event ${event.type}: id ${event.id} and data disagree`);
      continue;
    }
    if (seq < expected) {
      result.duplicated += 1;
      result.problems.push(`seq ${seq} repeated`);
    } else {
      if (seq > expected) result.problems.push(`seq ${expected}…${seq - 1} missing`);
      result.lost += seq - expected;
      expected = seq + 1;
    }
  }
  const terminals = events.filter((event) => terminalTypes.has(event.type));
  if (terminals.length !== 1 || !terminalTypes.has(events.at(-1)?.type ?? "")) {
    result.protocolViolations += 1;
    result.problems.push(`${terminals.length} terminal events, last is ${events.at(-1)?.type}`);
  }
  const errors = events.filter(
    (event) => event.type === "run_error" || event.type === "replay_unavailable",
  );
  result.runErrors += errors.length;
  for (const error of errors) result.problems.push(`${error.type}: ${JSON.stringify(error.data)}`);
  if (terminals.length === 1 && terminals[0].type !== "run_completed" && errors.length === 0) {
    result.runErrors += 1;
    result.problems.push(`ended with ${terminals[0].type}`);
  }
  const open = new Map<string, number>();
  for (const event of events) {
    const id = String(event.data.tool_call_id);
    if (event.type === "tool_started") open.set(id, (open.get(id) ?? 0) + 1);
    if (event.type === "tool_completed" || (event.type === "tool_blocked" && open.has(id))) {
      open.set(id, (open.get(id) ?? 0) - 1);
    }
  }
  const unpaired = [...open.values()].filter((count) => count !== 0).length;
  if (unpaired > 0) {
    result.protocolViolations += unpaired;
    result.problems.push(`${unpaired} tool call(s) without exactly one completion`);
  }
}

/** The stream's tool calls and answer text must be what the saved run says. */
async function checkSnapshot(
  baseUrl: string,
  runId: string,
  events: SseEvent[],
  result: RunResult,
) {
  const snapshot = await call(baseUrl, "GET", `/api/runs/${runId}`);
  if (snapshot.status !== 200) {
    result.httpErrors += 1;
    result.problems.push(`GET run answered ${snapshot.status}`);
    return;
  }
  // A blocked call never starts, so the stream's calls are the union of these three kinds.
  const streamedCalls = new Set(
    events
      .filter((event) => ["tool_started", "tool_blocked", "approval_required"].includes(event.type))
      .map((event) => event.data.tool_call_id),
  );
  const savedCalls = snapshot.body.tool_calls as { tool_call_id: string }[];
  const streamedText = events
    .filter((event) => event.type === "text_delta")
    .map((event) => event.data.text)
    .join("");
  const savedText = (
    snapshot.body.messages as { role: string; parts: { type: string; text?: string }[] }[]
  )
    .filter((message) => message.role === "assistant")
    .flatMap((message) =>
      message.parts.filter((part) => part.type === "text").map((part) => part.text),
    )
    .join("");
  if (
    streamedCalls.size !== savedCalls.length ||
    !savedCalls.every((saved) => streamedCalls.has(saved.tool_call_id))
  ) {
    result.snapshotMismatches += 1;
    result.problems.push(`tool calls: stream ${streamedCalls.size}, snapshot ${savedCalls.length}`);
  }
  if (streamedText !== savedText || streamedText.length === 0) {
    result.snapshotMismatches += 1;
    result.problems.push(
      `answer text: stream ${streamedText.length} chars, snapshot ${savedText.length}`,
    );
  }
}

function report(input: {
  results: RunResult[];
  wallMs: number;
  setupMs: number;
  sessions: number;
  target: string;
}): number {
  const { results } = input;
  const sum = (pick: (result: RunResult) => number) =>
    results.reduce((total, r) => total + pick(r), 0);
  const firstEvent = results.flatMap((r) => (r.firstEventMs === undefined ? [] : [r.firstEventMs]));
  const durations = results.flatMap((r) => (r.durationMs === undefined ? [] : [r.durationMs]));
  const mustBeZero: [string, number][] = [
    ["errors (HTTP + run_error)", sum((r) => r.httpErrors + r.runErrors)],
    ["lost events", sum((r) => r.lost)],
    ["duplicated events", sum((r) => r.duplicated)],
    ["idempotency mismatches", sum((r) => r.idempotencyMismatches)],
    ["terminal/tool-pairing violations", sum((r) => r.protocolViolations)],
    ["stream vs snapshot mismatches", sum((r) => r.snapshotMismatches)],
  ];
  const rows: [string, string][] = [
    ["target", input.target],
    ["runs (sessions)", `${results.length} (${input.sessions})`],
    ["setup (project, upload, construct, sessions)", `${(input.setupMs / 1000).toFixed(2)} s`],
    ["wall time", `${(input.wallMs / 1000).toFixed(2)} s`],
    ["throughput", `${(results.length / (input.wallMs / 1000)).toFixed(2)} runs/s`],
    [
      "time to first event p50 / p95",
      `${ms(percentile(firstEvent, 50))} / ${ms(percentile(firstEvent, 95))}`,
    ],
    [
      "run duration p50 / p95",
      `${ms(percentile(durations, 50))} / ${ms(percentile(durations, 95))}`,
    ],
    ["events read", String(sum((r) => r.events))],
    ["idempotency checks (2 starts per run)", String(results.length)],
    ...mustBeZero.map(([label, value]): [string, string] => [
      `${label} [must be 0]`,
      String(value),
    ]),
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log(rows.map(([label, value]) => `${label.padEnd(width)}  ${value}`).join("\n"));
  const problems = results.flatMap((r) =>
    r.problems.map((problem) => `run ${r.runId ?? "?"}: ${problem}`),
  );
  if (problems.length > 0)
    console.error(`\nproblems (first 20):\n${problems.slice(0, 20).join("\n")}`);
  return mustBeZero.every(([, value]) => value === 0) ? 0 : 1;
}

/** Nearest-rank percentile. */
function percentile(values: number[], rank: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((rank / 100) * sorted.length) - 1)];
}

function ms(value: number): string {
  return Number.isNaN(value) ? "n/a" : `${Math.round(value)} ms`;
}

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
  });
  const text = await response.text();
  try {
    return { status: response.status, body: text ? JSON.parse(text) : {} };
  } catch {
    return { status: response.status, body: { text } };
  }
}

function expectStatus(answer: Answer, statuses: number[], what: string) {
  if (!statuses.includes(answer.status)) {
    throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
}

function positiveInteger(value: string | undefined, name: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1)
    throw new Error(`${name} must be a positive integer`);
  return parsed;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
