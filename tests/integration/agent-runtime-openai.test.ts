import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as mcpRoute from "@/app/api/mcp/route";
import * as approvalsRoute from "@/app/api/runs/[run_id]/approvals/route";
import * as runEventsRoute from "@/app/api/runs/[run_id]/events/route";
import * as runRoute from "@/app/api/runs/[run_id]/route";
import * as startRunRoute from "@/app/api/sessions/[session_id]/runs/route";
import { constructDataset } from "@/lib/constructions/construct-dataset";
import type { RunEvent } from "@/lib/contracts/run-event";
import { uploadDataset } from "@/lib/datasets/upload-dataset";
import { insertUser } from "@/lib/db/queries/users";
import { resetEnvForTests } from "@/lib/env";
import { createProject } from "@/lib/projects/create-project";
import { admitRun } from "@/lib/runs/start/admit-run";
import { createSession } from "@/lib/sessions/create-session";
import {
  type FakeOpenAIServer,
  type FakeTurn,
  startFakeOpenAIServer,
} from "../support/fake-openai-server";
import { actingAs, routeContext } from "../support/route-request";
import { readRunEvents } from "../support/run-events-client";
import { appendMessage, updateRunStatus } from "../support/run-rows";
import { serveRouteHandlers } from "../support/serve-route-handlers";

const fixtures = path.resolve(import.meta.dirname, "../../tests/fixtures");
const modelKey = "sk-fake-0123456789";
let engine: Awaited<ReturnType<typeof serveRouteHandlers>>;
let llm: FakeOpenAIServer;
let script: ((body: { messages?: Array<Record<string, unknown>> }) => FakeTurn)[] = [];
const engineCalls: string[] = [];
let userId: string;
let projectId: string;
let karateId: string;

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
  Object.assign(process.env, {
    GRAPH_ENGINE_URL: `${engine.url}/api/mcp`,
    LLM_BASE_URL: llm.baseUrl,
    LLM_API_KEY: modelKey,
    LLM_MODEL: "fake-gpt",
    LLM_PROTOCOL: "openai_chat",
  });
  resetEnvForTests();
  userId = (await insertUser({ email: `oa-${randomUUID()}@test.local`, displayName: "oa" })).id;
  projectId = (await createProject({ ownerId: userId, name: "Karate" })).project_id;
  const karate = await uploadDataset({
    ownerId: userId,
    projectId,
    file: {
      filename: "karate_edges.csv",
      bytes: await readFile(path.join(fixtures, "karate_edges.csv")),
    },
  });
  karateId = karate.dataset_id;
  await constructDataset({ ownerId: userId, datasetId: karateId, options: {} });
}, 60_000);

afterAll(async () => {
  for (const name of [
    "GRAPH_ENGINE_URL",
    "LLM_BASE_URL",
    "LLM_API_KEY",
    "LLM_MODEL",
    "LLM_PROTOCOL",
    "AGENT_TOOL_MAX_CONCURRENCY",
  ]) {
    delete process.env[name];
  }
  resetEnvForTests();
  await engine?.close();
  await llm?.close();
});

async function run(
  sessionId: string,
  message: string,
): Promise<{ runId: string; events: RunEvent[] }> {
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
    routeContext({ session_id: sessionId }),
  );
  const started = await response.json();
  expect(response.status, JSON.stringify(started)).toBe(202);
  const stream = await runEventsRoute.GET(
    new Request("http://test.local/x?after_seq=-1", { headers: actingAs(userId) }),
    routeContext({ run_id: started.run_id }),
  );
  return { runId: started.run_id, events: await readRunEvents(stream) };
}

const call = (id: string, name: string, args: Record<string, unknown> = {}) => ({
  id,
  name,
  arguments: JSON.stringify(args),
});
const toolTurn =
  (...toolCalls: ReturnType<typeof call>[]) =>
  () => ({ toolCalls });
const textTurn = (text: string) => () => ({ text: [text.slice(0, 5), text.slice(5)] });
const indexOf = (events: RunEvent[], type: string, id: string) =>
  events.findIndex(
    (event) => event.type === type && "tool_call_id" in event && event.tool_call_id === id,
  );

describe("agent runtime over the OpenAI wire protocol", () => {
  it("drives a two-step tool run: a failed load blocks the dependent centrality, and the model hears why", async () => {
    const session = await createSession({ ownerId: userId, projectId });
    let secondRequest: Array<Record<string, unknown>> = [];
    script = [
      toolTurn(
        call("load", "load_constructed_graph", { dataset_id: karateId, revision: 99 }),
        call("rank", "node_centrality", { algorithm: "pagerank" }),
      ),
      (body) => {
        secondRequest = body.messages ?? [];
        return { text: "The load failed (NOT_FOUND), so the ranking was not run." };
      },
    ];
    const { runId, events } = await run(session.session_id, "rank the nodes");
    expect(events.at(-1)?.type).toBe("run_completed");
    const load = events[indexOf(events, "tool_completed", "load")] as Extract<
      RunEvent,
      { type: "tool_completed" }
    >;
    expect(load).toMatchObject({ success: false, error_code: "NOT_FOUND" });
    expect(events[indexOf(events, "tool_blocked", "rank")]).toMatchObject({
      error_code: "TOOL_DEPENDENCY_BLOCKED",
      blocked_by: ["load"],
    });
    const toolMessages = JSON.stringify(secondRequest.filter((message) => message.role === "tool"));
    expect(toolMessages).toContain("NOT_FOUND");
    expect(toolMessages).toContain("TOOL_DEPENDENCY_BLOCKED");
    expect(llm.requests.at(-1)?.headers.authorization).toBe(`Bearer ${modelKey}`);
    const snapshot = await (
      await runRoute.GET(
        new Request("http://x", { headers: actingAs(userId) }),
        routeContext({ run_id: runId }),
      )
    ).json();
    expect(
      snapshot.tool_calls.map((c: { tool_call_id: string; status: string }) => [
        c.tool_call_id,
        c.status,
      ]),
    ).toEqual([
      ["load", "failed"],
      ["rank", "blocked"],
    ]);
    expect(snapshot.messages.at(-1).parts[0].text).toContain("NOT_FOUND");
  });

  it("refuses a dataset id outside the project with DATASET_SCOPE_REQUIRED without calling the engine", async () => {
    const session = await createSession({ ownerId: userId, projectId });
    const callsBefore = engineCalls.length;
    script = [
      toolTurn(call("foreign", "load_constructed_graph", { dataset_id: randomUUID() })),
      textTurn("Out of scope."),
    ];
    const { events } = await run(session.session_id, "load that");
    expect(events[indexOf(events, "tool_completed", "foreign")]).toMatchObject({
      success: false,
      error_code: "DATASET_SCOPE_REQUIRED",
    });
    expect(engineCalls.slice(callsBefore)).not.toContain("load_constructed_graph");
  });

  it("serialises tool calls when AGENT_TOOL_MAX_CONCURRENCY=1", async () => {
    process.env.AGENT_TOOL_MAX_CONCURRENCY = "1";
    resetEnvForTests();
    try {
      const session = await createSession({ ownerId: userId, projectId });
      script = [
        toolTurn(call("l", "load_constructed_graph", { dataset_id: karateId })),
        toolTurn(
          call("a", "get_graph_info"),
          call("b", "degree_analysis"),
          call("c", "node_centrality", { algorithm: "degree" }),
        ),
        textTurn("Done."),
      ];
      const { events } = await run(session.session_id, "describe the graph");
      const order = events
        .filter((event) => event.type === "tool_started" || event.type === "tool_completed")
        .map(
          (event) =>
            `${event.type === "tool_started" ? "+" : "-"}${(event as { tool_call_id: string }).tool_call_id}`,
        );
      expect(order).toEqual(["+l", "-l", "+a", "-a", "+b", "-b", "+c", "-c"]);
    } finally {
      delete process.env.AGENT_TOOL_MAX_CONCURRENCY;
      resetEnvForTests();
    }
  });

  it("treats an unknown tool as a barrier", async () => {
    const session = await createSession({ ownerId: userId, projectId });
    script = [
      toolTurn(
        call("before", "get_graph_info"),
        call("odd", "teleport_graph"),
        call("after", "get_graph_info"),
      ),
      textTurn("No teleporting."),
    ];
    const { events } = await run(session.session_id, "teleport");
    expect(indexOf(events, "tool_completed", "before")).toBeLessThan(
      indexOf(events, "tool_started", "odd"),
    );
    expect(events[indexOf(events, "tool_completed", "odd")]).toMatchObject({
      success: false,
      error_code: "INVALID_REQUEST",
    });
    expect(events[indexOf(events, "tool_blocked", "after")]).toMatchObject({ blocked_by: ["odd"] });
  });

  it("gives the model the last 20 runs of history when 25 exist (SS-2)", async () => {
    const session = await createSession({ ownerId: userId, projectId });
    for (let index = 0; index < 25; index++) {
      const admitted = await admitRun({
        ownerId: userId,
        sessionId: session.session_id,
        projectId,
        startRequestId: randomUUID(),
        fingerprint: `f${index}`,
        options: {},
        attachments: [],
        modelName: "fake-gpt",
        messageParts: [{ type: "text", text: `question ${index}` }],
        executorId: "test",
      });
      if (admitted.kind !== "created") throw new Error("admission failed");
      await appendMessage({
        sessionId: session.session_id,
        runId: admitted.run.id,
        role: "assistant",
        parts: [{ type: "text", text: `answer ${index}` }],
        executionGeneration: 1,
      });
      await updateRunStatus({
        runId: admitted.run.id,
        runStatus: "completed",
        finished: true,
        terminalPersisted: true,
      });
      // Distinct creation times keep the order unambiguous.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    let seen: Array<Record<string, unknown>> = [];
    script = [
      (body) => {
        seen = body.messages ?? [];
        return { text: "ok" };
      },
    ];
    await run(session.session_id, "question 25");
    const userTexts = seen
      .filter((message) => message.role === "user")
      .map((message) => String(message.content));
    expect(userTexts).toHaveLength(21);
    expect(userTexts[0]).toContain("question 5");
    expect(userTexts.at(-1)).toContain("question 25");
    expect(seen.filter((message) => message.role === "assistant")).toHaveLength(20);
  });
});

describe("approval-gated tools", () => {
  it("pause the run with a durable pending approval and block the session", async () => {
    const session = await createSession({ ownerId: userId, projectId });
    script = [
      toolTurn(call("l", "load_constructed_graph", { dataset_id: karateId })),
      toolTurn(call("wipe", "clear_graph"), call("after", "get_graph_info")),
    ];
    const { runId, events } = await run(session.session_id, "clear it");
    expect(events.at(-1)?.type).toBe("run_paused");
    expect(events[indexOf(events, "approval_required", "wipe")]).toMatchObject({
      tool_name: "clear_graph",
    });
    // get_graph_info reads G, which clear_graph writes: it waits behind the approval, blocked.
    expect(events[indexOf(events, "tool_blocked", "after")]).toMatchObject({
      blocked_by: ["wipe"],
    });
    const snapshot = await (
      await runRoute.GET(
        new Request("http://x", { headers: actingAs(userId) }),
        routeContext({ run_id: runId }),
      )
    ).json();
    expect(snapshot).toMatchObject({
      run_status: "paused",
      can_send: false,
      pending_approval: { tool_call_id: "wipe", tool_name: "clear_graph" },
    });
    // The graph was not cleared: the approval-gated call never ran.
    expect(engineCalls).not.toContain("clear_graph");
  });

  it("continue after an approval rebuilds the conversation the model saw, with the same tool call ids", async () => {
    const session = await createSession({ ownerId: userId, projectId });
    let continuedRequest: Array<Record<string, unknown>> = [];
    script = [
      toolTurn(call("l2", "load_constructed_graph", { dataset_id: karateId })),
      toolTurn(call("wipe2", "clear_graph"), call("after2", "get_graph_info")),
      (body) => {
        continuedRequest = body.messages ?? [];
        return { text: "Cleared; get_graph_info was blocked and must be asked again." };
      },
    ];
    const { runId, events } = await run(session.session_id, "clear it, then describe it");
    expect(events.at(-1)?.type).toBe("run_paused");
    const clearsBefore = engineCalls.filter((name) => name === "clear_graph").length;
    const decided = await approvalsRoute.POST(
      new Request("http://x", {
        method: "POST",
        headers: { ...actingAs(userId), "content-type": "application/json" },
        body: JSON.stringify({
          tool_call_id: "wipe2",
          tool_name: "clear_graph",
          decision: "approve",
        }),
      }),
      routeContext({ run_id: runId }),
    );
    expect(decided.status).toBe(202);
    const stream = await runEventsRoute.GET(
      new Request(`http://x?after_seq=${events.at(-1)?.seq}`, { headers: actingAs(userId) }),
      routeContext({ run_id: runId }),
    );
    const continued = await readRunEvents(stream);
    expect(continued.at(-1)?.type).toBe("run_completed");
    expect(engineCalls.filter((name) => name === "clear_graph").length - clearsBefore).toBe(1);

    // The model hears the whole turn again: its own calls with their ids, then both results in
    // batch order — the approved clear and the blocked read it must resubmit (DAG-4).
    const assistantCalls = continuedRequest
      .filter((message) => message.role === "assistant")
      .flatMap((message) => (message.tool_calls as { id: string }[] | undefined) ?? [])
      .map((toolCall) => toolCall.id);
    expect(assistantCalls).toEqual(["l2", "wipe2", "after2"]);
    const toolMessages = continuedRequest.filter((message) => message.role === "tool");
    expect(toolMessages.map((message) => message.tool_call_id)).toEqual(["l2", "wipe2", "after2"]);
    expect(JSON.parse(String(toolMessages[1].content))).toMatchObject({ success: true });
    expect(String(toolMessages[2].content)).toContain("TOOL_DEPENDENCY_BLOCKED");
  });
});

describe("approval modify with an LLM", () => {
  it("runs the reviewer's arguments and tells the model they replaced its own (AP-3)", async () => {
    const own = await uploadDataset({
      ownerId: userId,
      projectId,
      file: {
        filename: "karate_edges.csv",
        bytes: await readFile(path.join(fixtures, "karate_edges.csv")),
      },
    });
    await constructDataset({ ownerId: userId, datasetId: own.dataset_id, options: {} });
    const session = await createSession({ ownerId: userId, projectId });
    const proposed = {
      dataset_id: own.dataset_id,
      base_revision: 1,
      operations: [{ op: "remove_nodes", node_ids: ["n12"] }],
    };
    const patched = { ...proposed, operations: [{ op: "remove_nodes", node_ids: ["n5"] }] };
    let continuedRequest: Array<Record<string, unknown>> = [];
    script = [
      toolTurn(call("commit", "commit_graph_optimization", proposed)),
      (body) => {
        continuedRequest = body.messages ?? [];
        return { text: "Saved." };
      },
    ];
    const { runId, events } = await run(session.session_id, "remove n12 and save it");
    expect(events.at(-1)?.type).toBe("run_paused");
    const decided = await approvalsRoute.POST(
      new Request("http://x", {
        method: "POST",
        headers: { ...actingAs(userId), "content-type": "application/json" },
        body: JSON.stringify({
          tool_call_id: "commit",
          tool_name: "commit_graph_optimization",
          decision: "modify",
          patched_args: patched,
        }),
      }),
      routeContext({ run_id: runId }),
    );
    expect(decided.status).toBe(202);
    const stream = await runEventsRoute.GET(
      new Request(`http://x?after_seq=${events.at(-1)?.seq}`, { headers: actingAs(userId) }),
      routeContext({ run_id: runId }),
    );
    expect((await readRunEvents(stream)).at(-1)?.type).toBe("run_completed");

    // The model's own call still reads n12; its result says what ran instead, and shows it.
    const commitCall = continuedRequest
      .filter((message) => message.role === "assistant")
      .flatMap(
        (message) =>
          (message.tool_calls as { id: string; function: { arguments: string } }[]) ?? [],
      )
      .find((toolCall) => toolCall.id === "commit");
    expect(JSON.parse(commitCall?.function.arguments ?? "{}")).toEqual(proposed);
    const result = continuedRequest.find(
      (message) => message.role === "tool" && message.tool_call_id === "commit",
    );
    expect(JSON.parse(String(result?.content))).toMatchObject({
      success: true,
      data: { operations: patched.operations, effect: { touchedNodeIds: ["n5"] } },
      reviewer_modification: { proposed_args: proposed, ran_args: patched },
    });
  });
});
