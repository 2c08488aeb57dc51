// Records one fixed user session against the app of the checkout in the current directory and
// writes every HTTP answer (status, headers, body) to a JSON file, normalising only what
// differs from run to run (ids, timestamps, durations, the port, the temporary DATA_DIR).
// Two recordings of the same code are identical; a refactor that keeps behaviour keeps them so.
//
//   npm run record:http -- OUT.json      (then `cmp` two recordings: before and after a change)
//
// The checkout is not changed: the app is served in-process (the checkout's in-process-app.ts
// serving app/api/**/route.ts behind proxy.ts) after the checkout's own start-up
// (instrumentation.ts `register()`), against a fresh PostgreSQL database created and dropped
// here and a fresh temporary DATA_DIR. The model is the offline `local-rules`.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

const root = process.cwd();
const output = path.resolve(process.argv[2] ?? "recording.json");
const databaseName = process.env.RECORDER_DATABASE ?? "workbench_recorder";
const databaseServer =
  process.env.RECORDER_DATABASE_SERVER ?? "postgresql://postgres@127.0.0.1:5432";
const internalKey = "recorder-internal-key-0123456789";

// ---------------------------------------------------------------------------------------------
// Normalisation: only what legitimately varies between runs of the same code.

const uuidPattern = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const isoTimestampPattern =
  /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:?\d{2})?/g;
const truncatedUuidPattern = /\b[0-9a-f]{8}-[0-9a-f-]{0,27}…/gi;
const localRulesCallPattern = /\blr-([0-9a-f]{8})-(?=\d+-\d+)/g;
const uuidPlaceholders = new Map<string, string>();
const otherPlaceholders = new Map<string, string>();

/** `<kind-N>`, N counted by first appearance of `value` within its kind. */
function placeholderFor(value: string, kind: string): string {
  const key = `${kind}:${value}`;
  let placeholder = otherPlaceholders.get(key);
  if (!placeholder) {
    const count = [...otherPlaceholders.keys()].filter((name) =>
      name.startsWith(`${kind}:`),
    ).length;
    placeholder = `<${kind}-${count + 1}>`;
    otherPlaceholders.set(key, placeholder);
  }
  return placeholder;
}
let dataDirectory = "";
let baseUrl = "";
let port = "";

/** Replacements found while running (e.g. a generated secret), applied like the fixed ones. */
const extraReplacements: [RegExp, string][] = [];

function normaliseText(text: string): string {
  let result = text;
  if (dataDirectory) result = result.split(dataDirectory).join("<data-dir>");
  if (port) {
    result = result.replace(new RegExp(`(127\\.0\\.0\\.1|localhost):${port}\\b`, "g"), "$1:<port>");
  }
  // A uuid cut short for a summary (`dataset_id=038969a7-e471-4f2f-a703-e17fda6…`): the uuid's
  // placeholder and how many characters were kept (the cut itself is the app's behaviour).
  result = result.replace(truncatedUuidPattern, (prefix: string) => {
    const kept = prefix.slice(0, -1).toLowerCase();
    const known = [...uuidPlaceholders.entries()].find(([uuid]) => uuid.startsWith(kept));
    const placeholder = known ? known[1] : placeholderFor(kept, "uuid-prefix");
    return `${placeholder.slice(0, -1)}:first-${kept.length}>…`;
  });
  // The local-rules model's tool-call ids carry a hash of the prompt, which holds the run's ids.
  result = result.replace(
    localRulesCallPattern,
    (_match, key: string) => `lr-${placeholderFor(key, "lr-key")}-`,
  );
  result = result.replace(uuidPattern, (uuid) => {
    const key = uuid.toLowerCase();
    let placeholder = uuidPlaceholders.get(key);
    if (!placeholder) {
      placeholder = `<uuid-${uuidPlaceholders.size + 1}>`;
      uuidPlaceholders.set(key, placeholder);
    }
    return placeholder;
  });
  result = result.replace(isoTimestampPattern, "<timestamp>");
  for (const [pattern, replacement] of extraReplacements) {
    result = result.replace(pattern, replacement);
  }
  result = normaliseDurations(result);
  return result;
}

// JSON fields whose number is a measured time (milliseconds or seconds elapsed) or a wall-clock
// epoch: their value differs on every run, their presence and type do not.
const timedFieldPattern =
  /("(?:[a-z_]*duration[a-z_]*|[a-z_]*elapsed[a-z_]*|latency_ms|took_ms|runtime_ms|time_ms|wall_ms|started_at_ms|ended_at_ms|at_ms|timestamp_ms|created_at_ms|updated_at_ms)"\s*:\s*)(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)/gi;
// Escaped inside a JSON string (a tool result serialised into an event's text).
const escapedTimedFieldPattern =
  /(\\"(?:[a-z_]*duration[a-z_]*|[a-z_]*elapsed[a-z_]*|latency_ms|took_ms|runtime_ms|time_ms|wall_ms|started_at_ms|ended_at_ms|at_ms|timestamp_ms|created_at_ms|updated_at_ms)\\"\s*:\s*)(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)/gi;

function normaliseDurations(text: string): string {
  return text
    .replace(timedFieldPattern, (_match, prefix: string) => `${prefix}"<measured>"`)
    .replace(escapedTimedFieldPattern, (_match, prefix: string) => `${prefix}\\"<measured>\\"`);
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

// ---------------------------------------------------------------------------------------------
// Recording.

type Entry = {
  step: string;
  method: string;
  path: string;
  status: number;
  headers: Record<string, string>;
  body_sha256: string;
  body?: unknown;
  body_text?: string;
  events?: { event?: string; id?: string; data: unknown }[];
};

const entries: Entry[] = [];
// Transport headers: set by node's HTTP server for this connection, not by the app.
const transportHeaders = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

function recordHeaders(response: Response): Record<string, string> {
  const headers: Record<string, string> = {};
  const names = [...response.headers.keys()].filter((name) => !transportHeaders.has(name)).sort();
  for (const name of names) headers[name] = normaliseText(response.headers.get(name) ?? "");
  return headers;
}

function parseBody(text: string): { body?: unknown; body_text?: string } {
  if (text === "") return { body_text: "" };
  try {
    return { body: JSON.parse(text) };
  } catch {
    return { body_text: text };
  }
}

type Request = {
  step: string;
  method?: string;
  path: string;
  json?: unknown;
  rawBody?: string | FormData;
  headers?: Record<string, string>;
  /** Same-origin state change (the browser sends Origin on POST/PUT/DELETE). */
  origin?: boolean;
};

/** Sends one request, records its answer, and returns the parsed (un-normalised) body. */
// biome-ignore lint/suspicious/noExplicitAny: a recorded body is arbitrary JSON, read by path below
async function call(request: Request): Promise<{ status: number; body: any; text: string }> {
  const method = request.method ?? (request.json !== undefined || request.rawBody ? "POST" : "GET");
  const headers: Record<string, string> = { accept: "application/json", ...request.headers };
  if (method !== "GET" && request.origin !== false) headers.origin ??= baseUrl;
  let body: string | FormData | undefined;
  if (request.json !== undefined) {
    headers["content-type"] ??= "application/json";
    body = JSON.stringify(request.json);
  } else if (request.rawBody !== undefined) {
    body = request.rawBody;
  }
  if (process.env.RECORDER_TRACE)
    process.stderr.write(`recorder: ${method} ${request.path} (${request.step})\n`);
  const response = await fetch(`${baseUrl}${request.path}`, {
    method,
    headers,
    body,
    signal: AbortSignal.timeout(120_000),
  });
  const text = await response.text();
  const normalised = normaliseText(text);
  const parsed = parseBody(normalised);
  entries.push({
    step: request.step,
    method,
    path: normaliseText(request.path),
    status: response.status,
    headers: recordHeaders(response),
    body_sha256: sha256(normalised),
    ...parsed,
  });
  // biome-ignore lint/suspicious/noExplicitAny: arbitrary JSON, as above
  let raw: any = null;
  try {
    raw = text === "" ? null : JSON.parse(text);
  } catch {
    raw = null;
  }
  return { status: response.status, body: raw, text };
}

type SseEvent = { event?: string; id?: string; data: string };

function parseSse(text: string): SseEvent[] {
  const events: SseEvent[] = [];
  for (const block of text.replaceAll("\r\n", "\n").split("\n\n")) {
    const lines = block.split("\n").filter((line) => line !== "" && !line.startsWith(":"));
    if (lines.length === 0) continue; // a heartbeat comment
    const event: SseEvent = { data: "" };
    const data: string[] = [];
    for (const line of lines) {
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "event") event.event = value;
      else if (field === "id") event.id = value;
      else if (field === "data") data.push(value);
    }
    event.data = data.join("\n");
    events.push(event);
  }
  return events;
}

/** Reads a whole event stream (it ends after the run's terminal event) and records its events. */
async function callStream(request: Request): Promise<SseEvent[]> {
  const headers = { accept: "text/event-stream", ...request.headers };
  const response = await fetch(`${baseUrl}${request.path}`, {
    headers,
    signal: AbortSignal.timeout(180_000),
  });
  const text = await response.text();
  const events = parseSse(text);
  // Heartbeat comments (`: ping`) depend on timing alone; the events are the answer.
  const normalisedEvents = events.map((event) => ({
    ...(event.event !== undefined ? { event: event.event } : {}),
    ...(event.id !== undefined ? { id: event.id } : {}),
    data: parseBody(normaliseText(event.data)).body ?? normaliseText(event.data),
  }));
  const withoutComments = text
    .replaceAll("\r\n", "\n")
    .split("\n")
    .filter((line) => !line.startsWith(":"))
    .join("\n");
  entries.push({
    step: request.step,
    method: "GET",
    path: normaliseText(request.path),
    status: response.status,
    headers: recordHeaders(response),
    body_sha256: sha256(normaliseText(withoutComments)),
    events: normalisedEvents,
  });
  return events;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls (unrecorded: how many polls depends on timing) until `done` says so. */
async function waitUntil(what: string, poll: () => Promise<boolean>, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await poll()) return;
    await sleep(250);
  }
  throw new Error(`recorder: timed out waiting for ${what}`);
}

// biome-ignore lint/suspicious/noExplicitAny: arbitrary JSON, as above
async function getQuietly(pathname: string): Promise<any> {
  const response = await fetch(`${baseUrl}${pathname}`, {
    headers: { accept: "application/json" },
  });
  return response.json();
}

// ---------------------------------------------------------------------------------------------
// The session.

// Zachary's karate club as an edge list (tests/fixtures/karate_edges.csv), copied here so the
// recording does not depend on the checkout's fixtures.
const karateEdges = `source,target
n0,n1
n0,n2
n0,n3
n0,n4
n0,n5
n0,n6
n0,n7
n0,n8
n0,n10
n0,n11
n0,n12
n0,n13
n0,n17
n0,n19
n0,n21
n0,n31
n1,n2
n1,n3
n1,n7
n1,n13
n1,n17
n1,n19
n1,n21
n1,n30
n2,n3
n2,n7
n2,n8
n2,n9
n2,n13
n2,n27
n2,n28
n2,n32
n3,n7
n3,n12
n3,n13
n4,n6
n4,n10
n5,n6
n5,n10
n5,n16
n6,n16
n8,n30
n8,n32
n8,n33
n9,n33
n13,n33
n14,n32
n14,n33
n15,n32
n15,n33
n18,n32
n18,n33
n19,n33
n20,n32
n20,n33
n22,n32
n22,n33
n23,n25
n23,n27
n23,n29
n23,n32
n23,n33
n24,n25
n24,n27
n24,n31
n25,n31
n26,n29
n26,n33
n27,n33
n28,n31
n28,n33
n29,n32
n29,n33
n30,n32
n30,n33
n31,n32
n31,n33
n32,n33
`;

/** Fixed request ids (a client generates them; fixed here so the recording is reproducible). */
const fixedId = (index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`;

async function playSession(): Promise<void> {
  await call({ step: "health", path: "/api/health" });
  const me = (await call({ step: "me", path: "/api/me" })).body;
  await call({ step: "capabilities", path: "/api/capabilities" });
  await call({ step: "models list", path: "/api/models" });

  // Projects.
  await call({ step: "projects list (fresh)", path: "/api/projects" });
  const project = (
    await call({
      step: "project create",
      path: "/api/projects",
      json: { name: "Recorder project" },
    })
  ).body;
  const projectId = project.project_id as string;
  const other = (
    await call({ step: "second project create", path: "/api/projects", json: { name: "Other" } })
  ).body;
  const otherProjectId = other.project_id as string;
  await call({ step: "project create: empty name", path: "/api/projects", json: { name: "" } });
  await call({ step: "project create: no body field", path: "/api/projects", json: {} });
  await call({
    step: "project create: bad JSON",
    path: "/api/projects",
    rawBody: "{not json",
    headers: { "content-type": "application/json" },
  });
  await call({
    step: "project create: foreign origin",
    path: "/api/projects",
    json: { name: "Evil" },
    headers: { origin: "http://evil.example" },
  });
  await call({ step: "projects list", path: "/api/projects" });

  // Datasets.
  const form = new FormData();
  form.append("file", new File([karateEdges], "karate_edges.csv", { type: "text/csv" }));
  const dataset = (
    await call({
      step: "dataset upload (karate edge list)",
      path: `/api/projects/${projectId}/datasets`,
      rawBody: form,
    })
  ).body;
  const datasetId = dataset.dataset_id as string;
  const badForm = new FormData();
  badForm.append("file", new File([karateEdges], "karate_edges.csv", { type: "text/csv" }));
  badForm.append("extra", "unexpected");
  await call({
    step: "dataset upload: unexpected part",
    path: `/api/projects/${projectId}/datasets`,
    rawBody: badForm,
  });
  const wrongType = new FormData();
  wrongType.append("file", new File(["{}"], "graph.json", { type: "application/json" }));
  await call({
    step: "dataset upload: unsupported file type",
    path: `/api/projects/${projectId}/datasets`,
    rawBody: wrongType,
  });
  await call({
    step: "dataset upload: unknown project",
    path: `/api/projects/${fixedId(404)}/datasets`,
    rawBody: (() => {
      const f = new FormData();
      f.append("file", new File([karateEdges], "karate_edges.csv", { type: "text/csv" }));
      return f;
    })(),
  });
  await call({ step: "datasets list (uploaded)", path: `/api/projects/${projectId}/datasets` });
  await call({
    step: "datasets list: unknown project",
    path: `/api/projects/${fixedId(404)}/datasets`,
  });
  await call({
    step: "datasets list: other project (empty)",
    path: `/api/projects/${otherProjectId}/datasets`,
  });
  await call({
    step: "constructions list (none yet)",
    path: `/api/datasets/${datasetId}/constructions`,
  });
  await call({
    step: "graph view before construction",
    path: `/api/datasets/${datasetId}/graph-view`,
  });

  // Construction (CONSTRUCT_ASYNC_MIN_BYTES=0: handed to a job, as a large upload would be).
  const construct = await call({
    step: "construct",
    path: `/api/datasets/${datasetId}/construct`,
    json: {},
  });
  if (construct.status === 202) {
    const jobId = construct.body.job_id as string;
    await waitUntil("the construction job", async () => {
      const job = await getQuietly(`/api/jobs/${jobId}`);
      return ["done", "failed", "cancelled"].includes(job.status);
    });
    await call({ step: "construction job (finished)", path: `/api/jobs/${jobId}` });
    await call({
      step: "construction job progress after seq 0",
      path: `/api/jobs/${jobId}?after_seq=0`,
    });
    await call({
      step: "job cancel after it finished",
      path: `/api/jobs/${jobId}/cancel`,
      json: {},
    });
  }
  await call({ step: "job: unknown id", path: `/api/jobs/${fixedId(404)}` });
  await call({
    step: "construct: unknown dataset",
    path: `/api/datasets/${fixedId(404)}/construct`,
    json: {},
  });
  await call({
    step: "construct: bad JSON",
    path: `/api/datasets/${datasetId}/construct`,
    rawBody: "[",
    headers: { "content-type": "application/json" },
  });
  await call({ step: "datasets list (built)", path: `/api/projects/${projectId}/datasets` });
  await call({ step: "constructions list", path: `/api/datasets/${datasetId}/constructions` });
  await call({
    step: "constructions: unknown dataset",
    path: `/api/datasets/${fixedId(404)}/constructions`,
  });
  await call({ step: "graph view", path: `/api/datasets/${datasetId}/graph-view` });
  await call({
    step: "graph view: unknown dataset",
    path: `/api/datasets/${fixedId(404)}/graph-view`,
  });
  await call({ step: "project jobs", path: `/api/projects/${projectId}/jobs` });

  // Sessions.
  await call({ step: "sessions list (none)", path: `/api/projects/${projectId}/sessions` });
  const session = (
    await call({
      step: "session create",
      path: `/api/projects/${projectId}/sessions`,
      json: { title: "Karate questions" },
    })
  ).body;
  const sessionId = session.session_id as string;
  const otherSession = (
    await call({
      step: "session create in the other project",
      path: `/api/projects/${otherProjectId}/sessions`,
      json: {},
    })
  ).body;
  const otherSessionId = otherSession.session_id as string;
  await call({
    step: "session create: unknown project",
    path: `/api/projects/${fixedId(404)}/sessions`,
    json: {},
  });
  await call({
    step: "session create: bad JSON",
    path: `/api/projects/${projectId}/sessions`,
    rawBody: "{",
    headers: { "content-type": "application/json" },
  });
  await call({ step: "sessions list", path: `/api/projects/${projectId}/sessions` });
  await call({ step: "session snapshot (empty)", path: `/api/sessions/${sessionId}` });
  await call({ step: "session snapshot: unknown id", path: `/api/sessions/${fixedId(404)}` });

  // Runs: ordinary questions, each followed to its end.
  const questions = [
    "What are the top 5 nodes by degree centrality?",
    "What is the shortest path between n4 and n25?",
    "How many communities does the graph have?",
  ];
  const runIds: string[] = [];
  for (const [index, question] of questions.entries()) {
    const startBody = {
      start_request_id: fixedId(index + 1),
      message: question,
      attachments: [datasetId],
      options: { model: "local-rules" },
    };
    const started = (
      await call({
        step: `run ${index + 1} start: ${question}`,
        path: `/api/sessions/${sessionId}/runs`,
        json: startBody,
      })
    ).body;
    const runId = started.run_id as string;
    runIds.push(runId);
    await callStream({
      step: `run ${index + 1} events`,
      path: `/api/runs/${runId}/events?after_seq=-1`,
    });
    await waitUntil("the run's final state", async () => {
      const snapshot = await getQuietly(`/api/runs/${runId}`);
      return snapshot.terminal_persisted === true;
    });
    await call({ step: `run ${index + 1} snapshot`, path: `/api/runs/${runId}` });
    if (index === 0) {
      await call({
        step: "run 1 start repeated (idempotent)",
        path: `/api/sessions/${sessionId}/runs`,
        json: startBody,
      });
      await call({
        step: "run 1 start id reused with another message",
        path: `/api/sessions/${sessionId}/runs`,
        json: { ...startBody, message: "something else" },
      });
      await callStream({
        step: "run 1 events replayed after seq 2",
        path: `/api/runs/${runId}/events?after_seq=2`,
      });
      await call({
        step: "run 1 approval without a pending approval",
        path: `/api/runs/${runId}/approvals`,
        json: { tool_call_id: "call-1", tool_name: "node_centrality", decision: "approve" },
      });
      await call({
        step: "run 1 cancel after it ended",
        path: "/api/runs/cancel",
        json: { cancel_request_id: fixedId(101), run_id: runId },
      });
    }
  }
  await call({
    step: "run start: unknown session",
    path: `/api/sessions/${fixedId(404)}/runs`,
    json: { start_request_id: fixedId(201), message: "hello" },
  });
  await call({
    step: "run start: missing message",
    path: `/api/sessions/${sessionId}/runs`,
    json: { start_request_id: fixedId(202) },
  });
  await call({
    step: "run start: bad JSON",
    path: `/api/sessions/${sessionId}/runs`,
    rawBody: '{"message":',
    headers: { "content-type": "application/json" },
  });
  await call({
    step: "run start: unknown model",
    path: `/api/sessions/${sessionId}/runs`,
    json: { start_request_id: fixedId(203), message: "hello", options: { model: "no-such-model" } },
  });
  await call({
    step: "run start: dataset of another project (cross-project)",
    path: `/api/sessions/${otherSessionId}/runs`,
    json: {
      start_request_id: fixedId(204),
      message: "top 5 nodes by degree",
      attachments: [datasetId],
    },
  });
  await call({
    step: "run cancel: neither target",
    path: "/api/runs/cancel",
    json: { cancel_request_id: fixedId(102) },
  });
  await call({ step: "run snapshot: unknown id", path: `/api/runs/${fixedId(404)}` });
  await call({
    step: "run events: unknown id",
    path: `/api/runs/${fixedId(404)}/events`,
    headers: { accept: "text/event-stream" },
  });
  await call({
    step: "run approvals: unknown run",
    path: `/api/runs/${fixedId(404)}/approvals`,
    json: { tool_call_id: "x", tool_name: "y", decision: "approve" },
  });

  await call({ step: "session snapshot (after runs)", path: `/api/sessions/${sessionId}` });
  const files = (await call({ step: "session files", path: `/api/sessions/${sessionId}/files` }))
    .body;
  await call({
    step: "session files (Uploaded area)",
    path: `/api/sessions/${sessionId}/files?area=Uploaded`,
  });
  await call({
    step: "session files: bad area",
    path: `/api/sessions/${sessionId}/files?area=Nowhere`,
  });
  await call({
    step: "session files: unknown session",
    path: `/api/sessions/${fixedId(404)}/files`,
  });
  const fileList = (files?.files ?? []) as { file_id?: string }[];
  const firstFile = fileList.find((file) => file.file_id);
  if (firstFile?.file_id) {
    await call({
      step: "file download (first session file)",
      path: `/api/files/${firstFile.file_id}`,
    });
  }
  await call({ step: "file download: unknown id", path: `/api/files/${fixedId(404)}` });
  await call({ step: "artifact: unknown id", path: `/api/artifacts/${fixedId(404)}` });
  await call({ step: "report: unknown id", path: `/api/reports/${fixedId(404)}` });
  await call({ step: "ml model: unknown id", path: `/api/ml/models/${fixedId(404)}` });
  await call({ step: "training summary", path: `/api/projects/${projectId}/training-summary` });
  await call({ step: "sessions list (after runs)", path: `/api/projects/${projectId}/sessions` });

  // Skills, memory, knowledge.
  const skills = (await call({ step: "skills list", path: "/api/skills" })).body;
  const skillList = (Array.isArray(skills) ? skills : (skills?.skills ?? [])) as {
    name: string;
    source: string;
  }[];
  const builtin = skillList.find((skill) => skill.source === "builtin");
  if (builtin) {
    await call({
      step: "skill read (first builtin)",
      path: `/api/skills/${encodeURIComponent(builtin.name)}`,
    });
    await call({
      step: "skill write (builtin is read-only)",
      method: "PUT",
      path: `/api/skills/${encodeURIComponent(builtin.name)}`,
      json: { content: "changed" },
    });
  }
  await call({ step: "skill read: unknown name", path: "/api/skills/no-such-skill" });
  await call({
    step: "skill candidate approve: unknown",
    path: "/api/skills/candidates/no-such-skill/approve",
    json: {},
  });
  await call({ step: "memories list", path: "/api/memories" });
  await call({ step: "memories search", path: "/api/memories?q=degree" });
  await call({
    step: "memory delete: unknown id",
    method: "DELETE",
    path: `/api/memories/${fixedId(404)}`,
  });
  await call({ step: "profile", path: "/api/profile" });
  await call({ step: "knowledge proposals", path: "/api/knowledge/proposals" });
  await call({ step: "decisions", path: "/api/decisions" });
  await call({ step: "knowledge search", path: "/api/knowledge/search?q=degree&k=3" });
  await call({
    step: "knowledge: bad JSON",
    path: "/api/knowledge",
    rawBody: "{",
    headers: { "content-type": "application/json" },
  });

  // MCP (Streamable HTTP), as an outside client: the internal key and the owner's id.
  const mcpHeaders = {
    "x-internal-key": internalKey,
    "x-user-id": me.user_id as string,
    "x-session-id": sessionId,
    accept: "application/json, text/event-stream",
    "content-type": "application/json",
  };
  const rpc = (id: number | undefined, method: string, params: unknown) => ({
    jsonrpc: "2.0",
    ...(id === undefined ? {} : { id }),
    method,
    params,
  });
  await call({
    step: "mcp initialize",
    path: "/api/mcp",
    headers: mcpHeaders,
    json: rpc(1, "initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "recorder", version: "1.0.0" },
    }),
  });
  await call({
    step: "mcp initialized notification",
    path: "/api/mcp",
    headers: mcpHeaders,
    json: rpc(undefined, "notifications/initialized", {}),
  });
  await call({
    step: "mcp tools/list",
    path: "/api/mcp",
    headers: mcpHeaders,
    json: rpc(2, "tools/list", {}),
  });
  await call({
    step: "mcp tools/call get_graph_info",
    path: "/api/mcp",
    headers: mcpHeaders,
    json: rpc(3, "tools/call", { name: "get_graph_info", arguments: {} }),
  });
  await call({
    step: "mcp tools/call list_datasets",
    path: "/api/mcp",
    headers: mcpHeaders,
    json: rpc(4, "tools/call", { name: "list_datasets", arguments: {} }),
  });
  await call({
    step: "mcp tools/call unknown tool",
    path: "/api/mcp",
    headers: mcpHeaders,
    json: rpc(5, "tools/call", { name: "no_such_tool", arguments: {} }),
  });
  await call({
    step: "mcp without the internal key",
    path: "/api/mcp",
    headers: { ...mcpHeaders, "x-internal-key": "wrong-key-0123456789abcdef" },
    json: rpc(6, "tools/list", {}),
  });
}

// ---------------------------------------------------------------------------------------------
// Start-up and shut-down.

function psql(sql: string): void {
  execFileSync("psql", [`${databaseServer}/postgres`, "-v", "ON_ERROR_STOP=1", "-qAtc", sql], {
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/** The one file called `name` in the checkout (it may have moved), outside dependencies and builds. */
async function findFile(directory: string, name: string): Promise<string> {
  const skipped = new Set(["node_modules", ".git", ".next", "generated", ".data", "test-results"]);
  const found: string[] = [];
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory() && !skipped.has(entry.name)) await walk(file);
      else if (entry.isFile() && entry.name === name) found.push(file);
    }
  };
  await walk(directory);
  if (found.length !== 1) {
    throw new Error(
      `recorder: expected one ${name} in ${directory}, found ${found.join(", ") || "none"}`,
    );
  }
  return found[0];
}

async function main(): Promise<void> {
  // stdout/stderr carry the app's logs; the recording goes to the file.
  console.log = console.info = (...values: unknown[]) => console.error(...values);
  psql(`drop database if exists ${databaseName} with (force)`);
  psql(`create database ${databaseName}`);
  dataDirectory = await mkdtemp(path.join(os.tmpdir(), "workbench-recorder-"));
  const databaseUrl = `${databaseServer}/${databaseName}`;
  Object.assign(process.env, {
    NEXT_RUNTIME: "nodejs",
    NODE_ENV: "development",
    DATA_DIR: dataDirectory,
    DATABASE_URL: databaseUrl,
    TEST_DATABASE_URL: databaseUrl,
    INTERNAL_SERVICE_KEY: internalKey,
    DEFAULT_MODEL: "local-rules",
    JOBS_WORKER_IN_APP: "true",
    JOBS_CONCURRENCY: "1",
    CONSTRUCT_ASYNC_MIN_BYTES: "0",
    IGRAPH_RUN_CANCEL_ENABLED: "true",
    // Independent tool calls of one step otherwise finish in whichever order the engine
    // answers; one at a time, their events come in a reproducible order.
    AGENT_TOOL_MAX_CONCURRENCY: "1",
    EMBEDDING_PROVIDER: "off",
  });
  for (const name of [
    "GRAPH_ENGINE_URL",
    "WORKBENCH_ACCESS_TOKEN",
    "LLM_BASE_URL",
    "LLM_API_KEY",
    "LLM_MODEL",
    "OPENAI_API_KEY",
    "OPENAI_BASE_URL",
    "QWEN_API_KEY",
    "QWEN_BASE_URL",
    "EMBEDDING_API_KEY",
    "EMBEDDING_BASE_URL",
    "EMBEDDING_MODEL",
    "ALLOWED_ORIGINS",
    "ALLOWED_HOSTS",
  ]) {
    delete process.env[name];
  }
  let exitCode = 0;
  let closeApp: (() => Promise<void>) | undefined;
  try {
    // The checkout's own start-up, as Next runs it: migrations, owner, built-in skills, worker.
    const instrumentation = (await import(path.join(root, "instrumentation.ts"))) as {
      register: () => Promise<void>;
    };
    await instrumentation.register();
    if (process.env.RECORDER_TRACE) process.stderr.write("recorder: started\n");
    const inProcessApp = (await import(await findFile(root, "in-process-app.ts"))) as {
      serveAppInProcess: (input: {
        root: string;
      }) => Promise<{ url: string; close: () => Promise<void> }>;
    };
    const app = await inProcessApp.serveAppInProcess({ root });
    closeApp = app.close;
    baseUrl = app.url;
    port = new URL(app.url).port;
    await playSession();
    const requests = entries.length;
    const events = entries.reduce((sum, entry) => sum + (entry.events?.length ?? 0), 0);
    await writeFile(output, `${JSON.stringify({ requests, events, entries }, null, 2)}\n`);
    process.stderr.write(`recorder: ${requests} requests, ${events} events → ${output}\n`);
  } catch (error) {
    process.stderr.write(`recorder: ${(error as Error).stack ?? error}\n`);
    exitCode = 1;
  } finally {
    await closeApp?.().catch(() => {});
    await rm(dataDirectory, { recursive: true, force: true }).catch(() => {});
    try {
      psql(`drop database if exists ${databaseName} with (force)`);
    } catch {
      // the next run drops it first anyway
    }
    process.exit(exitCode);
  }
}

void main();
