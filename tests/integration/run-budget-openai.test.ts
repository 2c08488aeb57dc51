import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as mcpRoute from "@/app/api/mcp/route";
import * as runEventsRoute from "@/app/api/runs/[run_id]/events/route";
import * as runRoute from "@/app/api/runs/[run_id]/route";
import * as startRunRoute from "@/app/api/sessions/[session_id]/runs/route";
import type { RunEvent } from "@/lib/contracts/run-event";
import { getDb } from "@/lib/db/client";
import { type JobHandler, registerJobHandler } from "@/lib/jobs/job-kind-registry";
import { closeJobQueue } from "@/lib/jobs/job-queue";
import { startJobWorker, stopJobWorker } from "@/lib/jobs/job-worker";
import { trainJob } from "@/lib/ml/train-job";
import { builtinJobKinds } from "@/lib/server/builtin-job-kinds";
import { createSession } from "@/lib/sessions/create-session";
import {
  type ChatCompletionRequestBody,
  type FakeOpenAIServer,
  type FakeTurn,
  startFakeOpenAIServer,
} from "../support/fake-openai-server";
import { seedKarateSession } from "../support/karate-session";
import { restoreModelEnvironment, useModelEnvironment } from "../support/model-environment";
import { actingAs, routeContext } from "../support/route-request";
import { readRunEvents } from "../support/run-events-client";
import { fakeModelEnvironment } from "../support/run-harness";
import { serveRouteHandlers } from "../support/serve-route-handlers";

// Token and time budgets with a model that reports usage: the stand-in OpenAI-compatible
// server answers each request from the test's script, with the token counts the script gives.

const modelKey = "sk-fake-budget-0123456789";
let engine: Awaited<ReturnType<typeof serveRouteHandlers>>;
let llm: FakeOpenAIServer;
let script: ((body: ChatCompletionRequestBody) => FakeTurn)[] = [];
const engineCalls: string[] = [];
let owner: Awaited<ReturnType<typeof seedKarateSession>>;

beforeAll(async () => {
  const countingPost = async (request: Request) => {
    const body = await request
      .clone()
      .json()
      .catch(() => null);
    if (body?.method === "tools/call") engineCalls.push(body.params.name);
    return mcpRoute.POST(request);
  };
  engine = await serveRouteHandlers({
    POST: countingPost,
    GET: mcpRoute.GET,
    DELETE: mcpRoute.DELETE,
  });
  llm = await startFakeOpenAIServer({
    apiKey: modelKey,
    respond: (body) => {
      const next = script.shift();
      if (!next) throw new Error("the test scripted no more turns");
      return next(body);
    },
  });
  process.env.GRAPH_ENGINE_URL = `${engine.url}/api/mcp`;
  useModelEnvironment(fakeModelEnvironment(llm.baseUrl, modelKey));
  await startJobWorker({ kinds: builtinJobKinds, concurrency: 2, sweepIntervalMs: 3_600_000 });
  owner = await seedKarateSession({ label: "budget-llm" });
}, 120_000);

afterEach(() => {
  registerJobHandler({ kind: trainJob.kind, handler: trainJob.handler });
  script = [];
  engineCalls.length = 0;
});

afterAll(async () => {
  delete process.env.GRAPH_ENGINE_URL;
  restoreModelEnvironment();
  await stopJobWorker();
  await closeJobQueue();
  await engine?.close();
  await llm?.close();
});

async function run(input: { message: string; budget: Record<string, number> }) {
  const session = await createSession({ ownerId: owner.userId, projectId: owner.projectId });
  const response = await startRunRoute.POST(
    new Request("http://test.local/x", {
      method: "POST",
      headers: actingAs(owner.userId),
      body: JSON.stringify({
        start_request_id: randomUUID(),
        message: input.message,
        options: { model: "fake-gpt", budget: input.budget },
      }),
    }),
    routeContext({ session_id: session.session_id }),
  );
  const started = await response.json();
  expect(response.status, JSON.stringify(started)).toBe(202);
  const stream = await runEventsRoute.GET(
    new Request("http://test.local/x?after_seq=-1", { headers: actingAs(owner.userId) }),
    routeContext({ run_id: started.run_id }),
  );
  const events = await readRunEvents(stream);
  const snapshot = await (
    await runRoute.GET(
      new Request("http://test.local/x", { headers: actingAs(owner.userId) }),
      routeContext({ run_id: started.run_id }),
    )
  ).json();
  return { runId: started.run_id as string, events, snapshot };
}

function answerOf(events: RunEvent[]): string {
  return events
    .filter((event) => event.type === "text_delta")
    .map((event) => (event as { text: string }).text)
    .join("");
}

const loadKarate = (): FakeTurn => ({
  toolCalls: [
    { id: "load", name: "load_constructed_graph", arguments: { dataset_id: owner.datasetId } },
  ],
  usage: { prompt_tokens: 300, completion_tokens: 50 },
});

describe("a run's token budget", () => {
  it("counts input + output tokens per model call; the call that crosses it is the last and its tool calls never start", async () => {
    script = [
      loadKarate,
      () => ({
        text: "Loaded. Ranking the members next.",
        toolCalls: [{ id: "rank", name: "node_centrality", arguments: { algorithm: "degree" } }],
        usage: { prompt_tokens: 400, completion_tokens: 60 },
      }),
      () => ({ text: "never asked" }),
    ];
    const { events, snapshot } = await run({
      message: "who are the central members?",
      budget: { max_tokens: 800 },
    });
    // Two model calls, 350 + 460 = 810 tokens: the second crossed 800.
    expect(llm.requests.filter((request) => request.body.tools)).toHaveLength(2);
    expect(events.find((event) => event.type === "budget_exceeded")).toMatchObject({
      budget: "tokens",
      limit: 800,
      used: 810,
    });
    const started = events.filter((event) => event.type === "tool_started");
    expect(started.map((event) => ("tool_name" in event ? event.tool_name : ""))).toEqual([
      "load_constructed_graph",
    ]);
    expect(engineCalls).not.toContain("node_centrality");
    expect(events.at(-1)?.type).toBe("run_completed");
    expect(snapshot).toMatchObject({
      run_status: "completed",
      stop_reason: "budget",
      budget: { max_tokens: 800, max_tool_calls: 50, max_seconds: 900 },
    });
    // Nothing lost: the loaded graph's result and the partial answer stay.
    expect(
      snapshot.tool_calls.find(
        (call: { tool_name: string }) => call.tool_name === "load_constructed_graph",
      ),
    ).toMatchObject({ status: "succeeded" });
    const answer = answerOf(events);
    expect(answer).toContain("Loaded. Ranking the members next.");
    expect(answer).toContain("Stopped: token budget of 800 reached (810 tokens used).");
    expect(answer).toContain("- load_constructed_graph (succeeded)");
  });

  it("counts the memory extraction's model call too", async () => {
    llm.requests.length = 0;
    script = [
      () => ({ text: "Noted.", usage: { prompt_tokens: 100, completion_tokens: 10 } }),
      // The extraction: structured output, no tools.
      () => ({ text: '{"memories": []}', usage: { prompt_tokens: 150, completion_tokens: 20 } }),
    ];
    const { events, snapshot } = await run({
      message: "I prefer answers in French from now on.",
      budget: { max_tokens: 200 },
    });
    expect(llm.requests).toHaveLength(2);
    expect(llm.requests[1].body.tools).toBeUndefined();
    expect(events.find((event) => event.type === "budget_exceeded")).toMatchObject({
      budget: "tokens",
      limit: 200,
      used: 280,
    });
    expect(events.at(-1)?.type).toBe("run_completed");
    expect(snapshot).toMatchObject({ run_status: "completed", stop_reason: "budget" });
    expect(answerOf(events)).toMatch(/^Noted\.\n\nStopped: token budget of 200 reached/);
  });
});

/** A training job that runs until its cancel reaches it, then takes a moment to exit. */
function heldTraining() {
  const state = {
    startedAt: null as number | null,
    signalledAt: null as number | null,
    exitedAt: null as number | null,
    handler: (async ({ signal }) => {
      state.startedAt = Date.now();
      await new Promise((resolve) => {
        if (signal.aborted) resolve(undefined);
        signal.addEventListener("abort", resolve, { once: true });
      });
      state.signalledAt = Date.now();
      // Winding down (a worker thread terminating) is not instant.
      await new Promise((resolve) => setTimeout(resolve, 300));
      state.exitedAt = Date.now();
      throw signal.reason;
    }) as JobHandler,
  };
  return state;
}

describe("a run's time budget", () => {
  it("stops a run blocked in a long training job when its seconds are up: the job is cancelled and exited, the run completes", async () => {
    const held = heldTraining();
    registerJobHandler({ kind: trainJob.kind, handler: held.handler });
    script = [
      loadKarate,
      () => ({
        toolCalls: [
          {
            id: "train",
            name: "train",
            arguments: { task: "node_classification", label_property: "club" },
          },
        ],
        usage: { prompt_tokens: 10, completion_tokens: 10 },
      }),
      () => ({ text: "never asked" }),
    ];
    const before = Date.now();
    const { runId, events, snapshot } = await run({
      message: "train a classifier for the club",
      budget: { max_seconds: 3 },
    });
    const ended = Date.now();
    expect(held.startedAt).not.toBeNull();
    expect(held.signalledAt).not.toBeNull();
    // The run ends only after the job's handler exited.
    expect(held.exitedAt).not.toBeNull();
    expect(held.exitedAt as number).toBeLessThanOrEqual(ended);
    expect(ended - before).toBeLessThan(20_000);
    expect(events.find((event) => event.type === "budget_exceeded")).toMatchObject({
      budget: "seconds",
      limit: 3,
      used: 3,
    });
    expect(events.at(-1)?.type).toBe("run_completed");
    expect(events.map((event) => event.type)).not.toContain("run_cancelled");
    expect(snapshot).toMatchObject({
      run_status: "completed",
      stop_reason: "budget",
      execution_stopped: true,
      budget: { max_seconds: 3 },
    });
    const db = await getDb();
    const jobs = await db.job.findMany({ where: { runId }, select: { kind: true, status: true } });
    expect(jobs).toEqual([{ kind: "train", status: "cancelled" }]);
    const train = snapshot.tool_calls.find(
      (call: { tool_name: string }) => call.tool_name === "train",
    );
    expect(train.status).toBe("cancelled");
    expect(answerOf(events)).toContain("Stopped: time budget of 3 s reached (3 s used).");
  }, 60_000);
});
