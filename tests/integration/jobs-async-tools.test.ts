import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as capabilitiesRoute from "@/app/api/capabilities/route";
import * as constructRoute from "@/app/api/datasets/[dataset_id]/construct/route";
import * as jobRoute from "@/app/api/jobs/[job_id]/route";
import * as mcpRoute from "@/app/api/mcp/route";
import * as runEventsRoute from "@/app/api/runs/[run_id]/events/route";
import * as runRoute from "@/app/api/runs/[run_id]/route";
import * as cancelRoute from "@/app/api/runs/cancel/route";
import * as startRunRoute from "@/app/api/sessions/[session_id]/runs/route";
import { mcpJobStatusSource } from "@/lib/agent/jobs/mcp-job-status-source";
import { waitForJob } from "@/lib/agent/jobs/wait-for-job";
import { constructGraphJob } from "@/lib/constructions/construct-graph-job";
import type { RunEvent } from "@/lib/contracts/run-event";
import { uploadDataset } from "@/lib/datasets/upload-dataset";
import { getDb } from "@/lib/db/client";
import { insertUser } from "@/lib/db/queries/users";
import { resetEnvForTests } from "@/lib/env";
import { cancelJob } from "@/lib/jobs/cancel-job";
import { diagnosticSleepJob } from "@/lib/jobs/diagnostic-sleep-job";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { type JobHandler, registerJobHandler } from "@/lib/jobs/job-kind-registry";
import { closeJobQueue } from "@/lib/jobs/job-queue";
import { startJobWorker, stopJobWorker } from "@/lib/jobs/job-worker";
import { createProject } from "@/lib/projects/create-project";
import { builtinJobKinds } from "@/lib/server/builtin-job-kinds";
import { createSession } from "@/lib/sessions/create-session";
import {
  type FakeOpenAIServer,
  type FakeTurn,
  startFakeOpenAIServer,
} from "../support/fake-openai-server";
import { actingAs, routeContext, testInternalKey } from "../support/route-request";
import { readRunEvents } from "../support/run-events-client";
import { serveRouteHandlers } from "../support/serve-route-handlers";

// The job plumbing end to end: construct_graph above a (test-lowered) size threshold answers
// {async, job_id}; the runtime's waiter polls get_job_status over real MCP HTTP until the job
// ends, relaying job_progress events; failures block dependants; Stop cancels the job tree and
// is confirmed only after the jobs ended. Where a test needs a job that behaves a certain way,
// it swaps the construct_graph kind's handler (as a dev reload would) and puts it back after.

const fixtures = path.resolve(import.meta.dirname, "../../tests/fixtures");
const modelKey = "sk-fake-jobs-0123456789";
let engine: Awaited<ReturnType<typeof serveRouteHandlers>>;
let llm: FakeOpenAIServer;
let script: (() => FakeTurn)[] = [];
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
  CONSTRUCT_ASYNC_MIN_BYTES: "100",
});

beforeAll(async () => {
  engine = await serveRouteHandlers({
    POST: mcpRoute.POST,
    GET: mcpRoute.GET,
    DELETE: mcpRoute.DELETE,
  });
  llm = await startFakeOpenAIServer({
    apiKey: modelKey,
    respond: () => {
      const next = script.shift();
      if (!next) throw new Error("the test scripted no more turns");
      return next();
    },
  });
  Object.assign(process.env, env());
  resetEnvForTests();
  await startJobWorker({ kinds: builtinJobKinds, concurrency: 4, sweepIntervalMs: 3_600_000 });
  userId = (await insertUser({ email: `jobs-${randomUUID()}@test.local`, displayName: "j" })).id;
  projectId = (await createProject({ ownerId: userId, name: "Async jobs" })).project_id;
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

afterAll(async () => {
  for (const name of Object.keys(env())) delete process.env[name];
  resetEnvForTests();
  await stopJobWorker();
  await closeJobQueue();
  await engine?.close();
  await llm?.close();
});

beforeEach(() => {
  registerJobHandler({ kind: constructGraphJob.kind, handler: constructGraphJob.handler });
});

function useConstructHandler(handler: JobHandler) {
  registerJobHandler({ kind: constructGraphJob.kind, handler });
}

const call = (id: string, name: string, args: Record<string, unknown> = {}) => ({
  id,
  name,
  arguments: JSON.stringify(args),
});

async function startRun(message: string) {
  const session = await createSession({ ownerId: userId, projectId });
  const response = await startRunRoute.POST(
    new Request("http://test.local/x", {
      method: "POST",
      headers: actingAs(userId),
      body: JSON.stringify({
        start_request_id: randomUUID(),
        message,
        options: { model: "fake-gpt" },
      }),
    }),
    routeContext({ session_id: session.session_id }),
  );
  const started = await response.json();
  expect(response.status, JSON.stringify(started)).toBe(202);
  return started.run_id as string;
}

async function events(runId: string): Promise<RunEvent[]> {
  const stream = await runEventsRoute.GET(
    new Request("http://test.local/x?after_seq=-1", { headers: actingAs(userId) }),
    routeContext({ run_id: runId }),
  );
  return readRunEvents(stream);
}

async function snapshot(runId: string) {
  const response = await runRoute.GET(
    new Request("http://test.local/x", { headers: actingAs(userId) }),
    routeContext({ run_id: runId }),
  );
  return response.json();
}

const ofType = <T extends RunEvent["type"]>(list: RunEvent[], type: T) =>
  list.filter((event): event is Extract<RunEvent, { type: T }> => event.type === type);

async function mcpClient() {
  const client = new Client({ name: "jobs-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${engine.url}/api/mcp`), {
      requestInit: { headers: { "x-internal-key": testInternalKey, "x-user-id": userId } },
    }),
  );
  return client;
}

describe("get_job_status over MCP HTTP", () => {
  it("pages through a job's progress with after_seq, without gaps, and is owner-scoped", async () => {
    const { jobId } = await enqueueJob({
      ownerId: userId,
      projectId,
      kind: diagnosticSleepJob.kind,
      input: { duration_ms: 100, steps: 5, result: { ok: 1 } },
    });
    const source = mcpJobStatusSource({
      identity: { userId, sessionId: "", runId: "", agentId: "test" },
    });
    const done = await waitForJob({
      jobId,
      toolName: "diagnostic",
      readStatus: source,
      onProgress: () => {},
      signal: new AbortController().signal,
      pollIntervalMs: 20,
    });
    expect(done).toMatchObject({ success: true, data: { ok: 1 } });
    const client = await mcpClient();
    try {
      const seqs: number[] = [];
      let cursor = 0;
      for (;;) {
        const result = await client.callTool({
          name: "get_job_status",
          arguments: { job_id: jobId, after_seq: cursor },
        });
        // biome-ignore lint/suspicious/noExplicitAny: the envelope's data is the status answer.
        const data = (result.structuredContent as any).data;
        expect(data.job_id).toBe(jobId);
        seqs.push(...data.progress.map((row: { seq: number }) => row.seq));
        cursor = data.progress_cursor;
        if (!data.progress_has_more) break;
      }
      expect(seqs).toEqual([1, 2, 3, 4, 5]);
      const tools = await client.listTools();
      expect(tools.tools.find((tool) => tool.name === "get_job_status")?._meta).toMatchObject({
        resources: { reads: [], writes: [] },
        may_be_async: true,
      });
      const stranger = (await insertUser({ email: `x-${randomUUID()}@t.local`, displayName: "x" }))
        .id;
      const foreign = await mcpJobStatusSource({
        identity: { userId: stranger, sessionId: "", runId: "", agentId: "test" },
      })({ jobId, afterSeq: 0, signal: new AbortController().signal });
      expect(foreign).toMatchObject({ ok: false, transient: false, code: "NOT_FOUND" });
    } finally {
      await client.close();
    }
  });

  it("answers the cursor it was sent when the page is empty, after_seq -1 included, over MCP and GET /api/jobs/{id}", async () => {
    // One step of ten minutes: the job has no progress row while the test reads it.
    const { jobId } = await enqueueJob({
      ownerId: userId,
      projectId,
      kind: diagnosticSleepJob.kind,
      input: { duration_ms: 600_000, steps: 1 },
    });
    const client = await mcpClient();
    try {
      for (const afterSeq of [-1, 0, 7]) {
        const result = await client.callTool({
          name: "get_job_status",
          arguments: { job_id: jobId, after_seq: afterSeq },
        });
        // biome-ignore lint/suspicious/noExplicitAny: the envelope's data is the status answer.
        const data = (result.structuredContent as any).data;
        expect(data.progress, `after_seq ${afterSeq}`).toEqual([]);
        expect(data.progress_cursor, `after_seq ${afterSeq}`).toBe(afterSeq);
        expect(data.progress_has_more).toBe(false);
        // GET /api/jobs/{id} takes the same cursors and answers the same page.
        const response = await jobRoute.GET(
          new Request(`http://test.local/x?after_seq=${afterSeq}`, { headers: actingAs(userId) }),
          routeContext({ job_id: jobId }),
        );
        expect(response.status, `GET after_seq ${afterSeq}`).toBe(200);
        const answer = await response.json();
        expect(answer.progress, `GET after_seq ${afterSeq}`).toEqual([]);
        expect(answer.progress_cursor, `GET after_seq ${afterSeq}`).toBe(afterSeq);
      }
    } finally {
      await client.close();
      await cancelJob({ ownerId: userId, jobId });
    }
  });

  it("follows a real hand-off to the child job, and answers RESULT_UNAVAILABLE for a job done without a result", async () => {
    const { jobId } = await enqueueJob({
      ownerId: userId,
      projectId,
      kind: diagnosticSleepJob.kind,
      input: {
        duration_ms: 20,
        steps: 2,
        hand_off: true,
        child: { duration_ms: 60, steps: 3, result: { from: "child" } },
      },
    });
    const seen: string[] = [];
    const source = mcpJobStatusSource({
      identity: { userId, sessionId: "", runId: "", agentId: "test" },
    });
    const followed = await waitForJob({
      jobId,
      toolName: "diagnostic",
      readStatus: source,
      onProgress: (row) =>
        seen.push(`${row.jobId === jobId ? "parent" : "child"}:${row.progressSeq}`),
      signal: new AbortController().signal,
      pollIntervalMs: 20,
    });
    expect(followed).toMatchObject({ success: true, data: { from: "child" } });
    expect(followed.job_id).not.toBe(jobId);
    expect(seen).toEqual(["parent:1", "parent:2", "child:1", "child:2", "child:3"]);

    registerJobHandler({ kind: "test.no-result", handler: async () => undefined });
    const empty = await enqueueJob({
      ownerId: userId,
      projectId,
      kind: "test.no-result",
      input: {},
    });
    const unavailable = await waitForJob({
      jobId: empty.jobId,
      toolName: "diagnostic",
      readStatus: source,
      onProgress: () => {},
      signal: new AbortController().signal,
      pollIntervalMs: 20,
    });
    expect(unavailable).toMatchObject({ success: false, error_code: "RESULT_UNAVAILABLE" });
  });
});

describe("POST /api/datasets/{id}/construct above the threshold", () => {
  it("answers 202 {job_id}; GET /api/jobs/{id} pages its stages and ends with the revision", async () => {
    const response = await constructRoute.POST(
      new Request(`http://test.local/api/datasets/${karateId}/construct`, {
        method: "POST",
        headers: { ...actingAs(userId), "content-type": "application/json" },
        body: "{}",
      }),
      routeContext({ dataset_id: karateId }),
    );
    expect(response.status).toBe(202);
    const { job_id: jobId } = await response.json();
    const stages: string[] = [];
    let cursor = 0;
    const deadline = Date.now() + 15_000;
    for (;;) {
      const answer = await (
        await jobRoute.GET(
          new Request(`http://test.local/x?after_seq=${cursor}`, { headers: actingAs(userId) }),
          routeContext({ job_id: jobId }),
        )
      ).json();
      stages.push(...answer.progress.map((row: { stage: string }) => row.stage));
      cursor = answer.progress_cursor;
      if (answer.status === "done" && !answer.progress_has_more) {
        expect(answer.result.construction).toMatchObject({ status: "ready", node_count: 34 });
        break;
      }
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(stages).toEqual(["reading", "parsing", "saving", "done"]);
    const capabilities = await (
      await capabilitiesRoute.GET(new Request("http://test.local/x", { headers: actingAs(userId) }))
    ).json();
    expect(capabilities.job_cancel_v1).toBe(true);
  });
});

describe("async construct_graph in a run (fake OpenAI model, engine over HTTP)", () => {
  it("waits for the construction job, relays its progress, then runs the dependent load", async () => {
    script = [
      () => ({
        toolCalls: [
          call("build", "construct_graph", { dataset_id: karateId }),
          call("load", "load_constructed_graph", { dataset_id: karateId }),
        ],
      }),
      () => ({ text: "Built and loaded." }),
    ];
    const runId = await startRun("build the karate graph");
    const list = await events(runId);
    expect(list.at(-1)?.type).toBe("run_completed");
    expect(list.map((event) => event.seq)).toEqual(list.map((_, index) => index));
    const progress = ofType(list, "job_progress");
    expect(progress.length).toBeGreaterThanOrEqual(3);
    expect(progress.map((event) => event.stage)).toEqual(
      expect.arrayContaining(["reading", "parsing", "saving", "done"]),
    );
    const seqs = progress.map((event) => event.progress_seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(progress.every((event) => event.tool_call_id === "build")).toBe(true);
    const completed = ofType(list, "tool_completed");
    expect(completed.map((event) => [event.tool_call_id, event.success])).toEqual([
      ["build", true],
      ["load", true],
    ]);
    // The load started only after the build's job had ended (C:id dependency, JOB-1).
    const loadStarted = list.findIndex(
      (event) => event.type === "tool_started" && event.tool_call_id === "load",
    );
    expect(loadStarted).toBeGreaterThan(list.indexOf(progress.at(-1) as RunEvent));

    const saved = await snapshot(runId);
    const build = saved.tool_calls.find(
      (c: { tool_call_id: string }) => c.tool_call_id === "build",
    );
    expect(build.result).toMatchObject({ success: true, async: false });
    expect(build.result.data.construction.node_count).toBe(34);
    expect(saved.jobs).toEqual([
      expect.objectContaining({
        kind: "construct_graph",
        status: "done",
        tool_call_id: "build",
        last_progress: expect.objectContaining({ stage: "done", pct: 100 }),
      }),
    ]);
  });

  it("a failed job fails its call (JOB_FAILED) and blocks the dependant in the same batch", async () => {
    useConstructHandler(async ({ reportProgress }) => {
      await reportProgress({ stage: "parsing", pct: 10 });
      throw new Error("the upload is not a graph");
    });
    script = [
      () => ({
        toolCalls: [
          call("build", "construct_graph", { dataset_id: karateId }),
          call("load", "load_constructed_graph", { dataset_id: karateId }),
        ],
      }),
      () => ({ text: "It failed." }),
    ];
    const list = await events(await startRun("build it"));
    expect(ofType(list, "tool_completed").find((e) => e.tool_call_id === "build")).toMatchObject({
      success: false,
      error_code: "JOB_FAILED",
    });
    expect(ofType(list, "tool_blocked")).toEqual([
      expect.objectContaining({
        tool_call_id: "load",
        error_code: "TOOL_DEPENDENCY_BLOCKED",
        blocked_by: ["build"],
      }),
    ]);
  });

  it("a job done without a result ends the call with RESULT_UNAVAILABLE", async () => {
    useConstructHandler(async () => undefined);
    script = [
      () => ({ toolCalls: [call("build", "construct_graph", { dataset_id: karateId })] }),
      () => ({ text: "No result." }),
    ];
    const list = await events(await startRun("build it"));
    expect(ofType(list, "tool_completed")[0]).toMatchObject({
      success: false,
      error_code: "RESULT_UNAVAILABLE",
    });
  });

  it("Stop during a job cancels it and its descendants; the stop is confirmed only after they ended", async () => {
    const handlerEnded: number[] = [];
    useConstructHandler(async ({ reportProgress, signal, spawnChild }) => {
      await spawnChild({
        kind: diagnosticSleepJob.kind,
        input: { duration_ms: 60_000, steps: 600 },
      });
      await reportProgress({ stage: "parsing", pct: 5 });
      await new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true }));
      // Slow clean-up: the stop must wait for it before it is confirmed.
      await new Promise((resolve) => setTimeout(resolve, 800));
      handlerEnded.push(Date.now());
      throw signal.reason;
    });
    script = [() => ({ toolCalls: [call("build", "construct_graph", { dataset_id: karateId })] })];
    const runId = await startRun("build it");
    const db = await getDb();
    const deadline = Date.now() + 15_000;
    let jobs = await db.job.findMany({ where: { runId } });
    while (Date.now() < deadline && jobs.filter((job) => job.status === "running").length < 2) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      jobs = await db.job.findMany({ where: { runId } });
    }
    expect(jobs).toHaveLength(2);
    const cancel = await cancelRoute.POST(
      new Request("http://test.local/api/runs/cancel", {
        method: "POST",
        headers: { ...actingAs(userId), "content-type": "application/json" },
        body: JSON.stringify({ cancel_request_id: randomUUID(), run_id: runId }),
      }),
    );
    expect(cancel.status).toBe(202);
    const list = await events(runId);
    expect(list.at(-1)?.type).toBe("run_cancelled");
    const saved = await snapshot(runId);
    expect(saved.cancel_status).toBe("confirmed");
    expect(handlerEnded).toHaveLength(1);
    expect(saved.jobs.map((job: { status: string }) => job.status)).toEqual([
      "cancelled",
      "cancelled",
    ]);
    const rows = await db.job.findMany({ where: { runId } });
    const run = await db.run.findUniqueOrThrow({ where: { id: runId } });
    for (const row of rows) {
      expect(row.finishedAt?.getTime()).toBeLessThanOrEqual(run.finishedAt?.getTime() ?? 0);
    }
  });
});
