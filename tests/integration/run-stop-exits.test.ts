import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as mcpRoute from "@/app/api/mcp/route";
import * as runEventsRoute from "@/app/api/runs/[run_id]/events/route";
import * as runRoute from "@/app/api/runs/[run_id]/route";
import * as cancelRoute from "@/app/api/runs/cancel/route";
import * as sessionRoute from "@/app/api/sessions/[session_id]/route";
import * as startRunRoute from "@/app/api/sessions/[session_id]/runs/route";
import { constructGraphJob } from "@/lib/constructions/construct-graph-job";
import type { RunEvent } from "@/lib/contracts/run-event";
import { uploadDataset } from "@/lib/datasets/upload-dataset";
import { getDb } from "@/lib/db/client";
import { insertUser } from "@/lib/db/queries/users";
import { resetEnvForTests } from "@/lib/env";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { registerJobHandler } from "@/lib/jobs/job-kind-registry";
import { closeJobQueue } from "@/lib/jobs/job-queue";
import { startJobWorker, stopJobWorker } from "@/lib/jobs/job-worker";
import { createProject } from "@/lib/projects/create-project";
import { sweepAbandonedRuns } from "@/lib/runs/final-state/run-sweep";
import { admitRun } from "@/lib/runs/start/admit-run";
import { builtinJobKinds } from "@/lib/server/builtin-job-kinds";
import { createSession } from "@/lib/sessions/create-session";
import { type FakeOpenAIServer, startFakeOpenAIServer } from "../support/fake-openai-server";
import {
  cancelIgnoringJobHandler,
  cancelIgnoringJobKind,
  registerCancelIgnoringJobKind,
} from "../support/job-fixtures";
import { actingAs, routeContext } from "../support/route-request";
import { readRunEvents } from "../support/run-events-client";
import { updateRunStatus } from "../support/run-rows";
import { serveRouteHandlers } from "../support/serve-route-handlers";

// RC-6: a stop is confirmed only when everything the run started has exited. The jobs here
// ignore their cancel until the test lets them go — a handler deep in a computation, or one
// that never looks at its signal — for longer than the run waits before saving what it has
// (RUN_STOP_JOBS_WAIT_SECONDS, 1 s here). Meanwhile the run must say `stopping`, keep its
// session busy and send no terminal event; `confirmed` and `run_cancelled` come once, after the
// handler returned — also when the process that executed the run is gone.

const fixtures = path.resolve(import.meta.dirname, "../../tests/fixtures");
const modelKey = "sk-fake-stop-0123456789";
const stopWaitSeconds = 1;
let engine: Awaited<ReturnType<typeof serveRouteHandlers>>;
let llm: FakeOpenAIServer;
let userId: string;
let projectId: string;
let karateId: string;
const env = () => ({
  GRAPH_ENGINE_URL: `${engine.url}/api/mcp`,
  LLM_BASE_URL: llm.baseUrl,
  LLM_API_KEY: modelKey,
  LLM_MODEL: "fake-gpt",
  LLM_PROTOCOL: "openai_chat",
  IGRAPH_RUN_CANCEL_ENABLED: "true",
  // construct_graph runs as a job from this size on: the karate upload is one.
  CONSTRUCT_ASYNC_MIN_BYTES: "100",
  RUN_STOP_JOBS_WAIT_SECONDS: String(stopWaitSeconds),
});

beforeAll(async () => {
  engine = await serveRouteHandlers({
    POST: mcpRoute.POST,
    GET: mcpRoute.GET,
    DELETE: mcpRoute.DELETE,
  });
  // The model asks for construct_graph once; a stopped run never asks it again.
  llm = await startFakeOpenAIServer({
    apiKey: modelKey,
    respond: () => ({
      toolCalls: [
        {
          id: "build",
          name: "construct_graph",
          arguments: JSON.stringify({ dataset_id: karateId }),
        },
      ],
    }),
  });
  Object.assign(process.env, env());
  resetEnvForTests();
  // The job sweep stays out of the way: these workers are alive, their jobs are not lost.
  await startJobWorker({ kinds: builtinJobKinds, concurrency: 4, sweepIntervalMs: 3_600_000 });
  userId = (await insertUser({ email: `stop-${randomUUID()}@test.local`, displayName: "s" })).id;
  projectId = (await createProject({ ownerId: userId, name: "Stop exits" })).project_id;
  karateId = (
    await uploadDataset({
      ownerId: userId,
      projectId,
      file: {
        filename: "karate_edges.csv",
        bytes: await readFile(path.join(fixtures, "karate_edges.csv")),
      },
    })
  ).dataset_id;
}, 60_000);

afterEach(() => {
  registerJobHandler({ kind: constructGraphJob.kind, handler: constructGraphJob.handler });
});

afterAll(async () => {
  for (const name of Object.keys(env())) delete process.env[name];
  resetEnvForTests();
  await stopJobWorker();
  await closeJobQueue();
  await engine?.close();
  await llm?.close();
});

async function startRun(sessionId: string) {
  const response = await startRunRoute.POST(
    new Request("http://test.local/x", {
      method: "POST",
      headers: actingAs(userId),
      body: JSON.stringify({
        start_request_id: randomUUID(),
        message: "build the graph",
        // Attached: an unbuilt dataset is in a run's scope only through its message (SS-4).
        attachments: [karateId],
        options: { model: "fake-gpt" },
      }),
    }),
    routeContext({ session_id: sessionId }),
  );
  return { status: response.status, body: await response.json() };
}

async function cancel(runId: string, cancelRequestId = randomUUID()) {
  const response = await cancelRoute.POST(
    new Request("http://test.local/api/runs/cancel", {
      method: "POST",
      headers: { ...actingAs(userId), "content-type": "application/json" },
      body: JSON.stringify({ cancel_request_id: cancelRequestId, run_id: runId }),
    }),
  );
  return { status: response.status, body: await response.json() };
}

async function snapshot(runId: string) {
  const response = await runRoute.GET(
    new Request("http://test.local/x", { headers: actingAs(userId) }),
    routeContext({ run_id: runId }),
  );
  return response.json();
}

async function session(sessionId: string) {
  const response = await sessionRoute.GET(
    new Request("http://test.local/x", { headers: actingAs(userId) }),
    routeContext({ session_id: sessionId }),
  );
  return response.json();
}

async function events(runId: string): Promise<RunEvent[]> {
  const stream = await runEventsRoute.GET(
    new Request("http://test.local/x?after_seq=-1", { headers: actingAs(userId) }),
    routeContext({ run_id: runId }),
  );
  return readRunEvents(stream);
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Waits for the held job's handler to start; a run that failed first says why instead of the
// test running into its timeout.
async function jobStarted(started: Promise<void>, runId: string) {
  const ok = await Promise.race([started.then(() => true), sleep(30_000).then(() => false)]);
  if (!ok) {
    const run = await snapshot(runId);
    throw new Error(`the run's job never started (run ${run.run_status}: ${run.error?.message})`);
  }
}

async function cancelIntentStatus(cancelRequestId: string) {
  const db = await getDb();
  const intent = await db.cancelIntent.findUnique({ where: { cancelRequestId } });
  return intent?.status;
}

describe("a stop is confirmed only when everything has exited (RC-6)", () => {
  it("stays stopping while a job's handler ignores its cancel past the wait; confirmed, once, after it exits", async () => {
    const held = cancelIgnoringJobHandler();
    registerJobHandler({ kind: constructGraphJob.kind, handler: held.handler });
    const sessionId = (await createSession({ ownerId: userId, projectId })).session_id;
    const started = await startRun(sessionId);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const runId: string = started.body.run_id;
    let streamEnded = false;
    const streamed = events(runId).finally(() => {
      streamEnded = true;
    });
    await jobStarted(held.started, runId);

    const cancelRequestId = randomUUID();
    const accepted = await cancel(runId, cancelRequestId);
    expect(accepted).toMatchObject({ status: 202, body: { cancel_status: "stopping" } });
    await held.signalled;

    // Past the wait the run saves what it has, but the job still executes: not confirmed.
    const saved = await waitFor(
      () => snapshot(runId),
      (value) => value.terminal_persisted === true,
      stopWaitSeconds * 1000 + 10_000,
    );
    expect(saved).toMatchObject({
      run_status: "cancelled",
      terminal_persisted: true,
      cancel_status: "stopping",
      execution_stopped: false,
      can_send: false,
    });
    expect(saved.jobs.map((job: { status: string }) => job.status)).toEqual(["running"]);
    // Time passing confirms nothing: neither the executor's wait nor a sweep of the runs.
    await sleep(stopWaitSeconds * 1000 + 1_500);
    await sweepAbandonedRuns();
    expect(held.exitedAt).toBeNull();
    expect(await snapshot(runId)).toMatchObject({
      cancel_status: "stopping",
      execution_stopped: false,
    });
    expect(streamEnded).toBe(false);
    expect(await cancelIntentStatus(cancelRequestId)).toBe("requested");
    // Asked again, the stop says where it is; the session stays busy until it is confirmed.
    expect((await cancel(runId)).body.cancel_status).toBe("stopping");
    const busy = await session(sessionId);
    expect(busy).toMatchObject({ can_send: false, active_run: { cancel_status: "stopping" } });
    const refused = await startRun(sessionId);
    expect(refused).toMatchObject({ status: 409, body: { error: { code: "SESSION_BUSY" } } });

    held.release();
    const confirmed = await waitFor(
      () => snapshot(runId),
      (value) => value.cancel_status === "confirmed",
      10_000,
    );
    const confirmedSeenAt = Date.now();
    expect(confirmed).toMatchObject({
      run_status: "cancelled",
      cancel_status: "confirmed",
      execution_stopped: true,
      terminal_persisted: true,
      can_send: true,
    });
    expect(held.exitedAt).not.toBeNull();
    expect(held.exitedAt).toBeLessThanOrEqual(confirmedSeenAt);
    expect(confirmed.jobs.map((job: { status: string }) => job.status)).toEqual(["cancelled"]);
    const list = await streamed;
    expect(list.filter((event) => event.type === "run_cancelled")).toHaveLength(1);
    expect(list.at(-1)?.type).toBe("run_cancelled");
    expect(await cancelIntentStatus(cancelRequestId)).toBe("confirmed");
    expect((await session(sessionId)).can_send).toBe(true);
  }, 60_000);

  it("a run whose executor died stays stopping until its job exits; the sweep confirms it then, once", async () => {
    const held = registerCancelIgnoringJobKind();
    const sessionId = (await createSession({ ownerId: userId, projectId })).session_id;
    // A run executed by another process, which dies while the run's job runs in a live worker.
    const admitted = await admitRun({
      ownerId: userId,
      sessionId,
      projectId,
      startRequestId: randomUUID(),
      fingerprint: "f",
      options: {},
      attachments: [],
      modelName: "fake-gpt",
      messageParts: [{ type: "text", text: "train it" }],
      executorId: "another-host:1:gone",
    });
    if (admitted.kind !== "created") throw new Error("not admitted");
    const runId = admitted.run.id;
    await updateRunStatus({ runId, runStatus: "running" });
    const { jobId } = await enqueueJob({
      ownerId: userId,
      projectId,
      sessionId,
      runId,
      executionGeneration: 1,
      kind: cancelIgnoringJobKind,
      input: {},
    });
    await jobStarted(held.started, runId);
    // The stop reaches the row only (the executor is elsewhere); then that executor goes silent.
    const cancelRequestId = randomUUID();
    expect((await cancel(runId, cancelRequestId)).body.cancel_status).toBe("requested");
    const db = await getDb();
    await db.run.update({
      where: { id: runId },
      data: { heartbeatAt: new Date(Date.now() - 3_600_000) },
    });

    const first = await sweepAbandonedRuns();
    expect(first.runIds).toContain(runId);
    // Interrupted, but its job still executes: the stop is not confirmed, and the sweep
    // cancelled the job, since its executor cannot any more.
    expect(await snapshot(runId)).toMatchObject({
      run_status: "interrupted",
      cancel_status: "stopping",
      execution_stopped: false,
      can_send: false,
    });
    expect(first.stopsConfirmed).not.toContain(runId);
    await held.signalled;
    expect((await db.job.findUniqueOrThrow({ where: { id: jobId } })).cancelRequested).toBe(true);
    await sleep(500);
    expect((await sweepAbandonedRuns()).stopsConfirmed).not.toContain(runId);
    expect((await snapshot(runId)).cancel_status).toBe("stopping");
    expect(await cancelIntentStatus(cancelRequestId)).toBe("requested");

    held.release();
    const ended = await waitFor(
      () => db.job.findUniqueOrThrow({ where: { id: jobId } }),
      (job) => job.status === "cancelled",
      10_000,
    );
    expect(ended.status).toBe("cancelled");
    const later = await sweepAbandonedRuns();
    expect(later.stopsConfirmed).toEqual([runId]);
    expect(await snapshot(runId)).toMatchObject({
      run_status: "interrupted",
      cancel_status: "confirmed",
      execution_stopped: true,
      can_send: true,
    });
    expect(await cancelIntentStatus(cancelRequestId)).toBe("confirmed");
    // Confirmed once: the next sweep has nothing left to confirm.
    expect((await sweepAbandonedRuns()).stopsConfirmed).not.toContain(runId);
  }, 60_000);
});
