import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as mcpRoute from "@/app/api/mcp/route";
import * as approvalsRoute from "@/app/api/runs/[run_id]/approvals/route";
import * as runEventsRoute from "@/app/api/runs/[run_id]/events/route";
import * as startRunRoute from "@/app/api/sessions/[session_id]/runs/route";
import { connectInProcessMcpServer } from "@/lib/agent/tools/in-process-mcp-connection";
import type { RunEvent } from "@/lib/contracts/run-event";
import { uploadDataset } from "@/lib/datasets/upload-dataset";
import { insertUser } from "@/lib/db/queries/users";
import { resetEnvForTests } from "@/lib/env";
import { closeJobQueue } from "@/lib/jobs/job-queue";
import { startJobWorker, stopJobWorker } from "@/lib/jobs/job-worker";
import { createProject } from "@/lib/projects/create-project";
import { builtinJobKinds } from "@/lib/server/builtin-job-kinds";
import { createSession } from "@/lib/sessions/create-session";
import { flushTracing, startTracing, stopTracing } from "@/lib/telemetry/start-tracing";
import { type FakeTurn, startFakeOpenAIServer } from "../support/fake-openai-server";
import { type ReceivedSpan, startOtlpReceiver } from "../support/otlp-receiver";
import { actingAs, routeContext } from "../support/route-request";
import { readRunEvents } from "../support/run-events-client";
import { serveRouteHandlers } from "../support/serve-route-handlers";

// A run of the offline local-rules model exports its trace to a local OTLP/HTTP receiver (the
// test's stand-in for a collector): the run's invoke_agent span, a chat span per model call, an
// execute_tool span per tool call, the engine's SERVER span under the execute_tool span that
// called it — over real HTTP with `traceparent` headers, and in process through MCP `_meta` —
// and the construction job's span, linked to the run.

const fixtures = path.resolve(import.meta.dirname, "../../tests/fixtures");
const spanKind = { internal: 1, server: 2, client: 3, consumer: 5 };
let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
let engine: Awaited<ReturnType<typeof serveRouteHandlers>>;
let userId: string;
let projectId: string;
/** The karate dataset the first run built (later tests need a constructed graph). */
let builtKarateId: string;
const env = () => ({
  OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
  OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
  // construct_graph hands its build to a job from this size on: the karate upload is one.
  CONSTRUCT_ASYNC_MIN_BYTES: "100",
});

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  engine = await serveRouteHandlers({
    POST: mcpRoute.POST,
    GET: mcpRoute.GET,
    DELETE: mcpRoute.DELETE,
  });
  Object.assign(process.env, env());
  resetEnvForTests();
  startTracing({ process: "app" });
  await startJobWorker({ kinds: builtinJobKinds, concurrency: 2, sweepIntervalMs: 3_600_000 });
  userId = (await insertUser({ email: `otel-${randomUUID()}@test.local`, displayName: "o" })).id;
  projectId = (await createProject({ ownerId: userId, name: "Traces" })).project_id;
}, 60_000);

afterAll(async () => {
  await stopTracing();
  for (const name of [...Object.keys(env()), "GRAPH_ENGINE_URL"]) delete process.env[name];
  resetEnvForTests();
  await stopJobWorker();
  await closeJobQueue();
  await engine?.close();
  await receiver?.close();
});

async function uploadKarate(): Promise<string> {
  const uploaded = await uploadDataset({
    ownerId: userId,
    projectId,
    file: {
      filename: "karate_edges.csv",
      bytes: await readFile(path.join(fixtures, "karate_edges.csv")),
    },
  });
  return uploaded.dataset_id;
}

/** Starts a local-rules run on an attached dataset and reads its events to the end. */
async function runToEnd(message: string, datasetId: string, options: Record<string, unknown> = {}) {
  const session = await createSession({ ownerId: userId, projectId });
  const response = await startRunRoute.POST(
    new Request("http://test.local/x", {
      method: "POST",
      headers: actingAs(userId),
      body: JSON.stringify({
        start_request_id: randomUUID(),
        message,
        attachments: [datasetId],
        options,
      }),
    }),
    routeContext({ session_id: session.session_id }),
  );
  expect(response.status).toBe(202);
  const { run_id: runId } = (await response.json()) as { run_id: string };
  const events = await readRunEvents(
    await runEventsRoute.GET(
      new Request("http://test.local/x?after_seq=-1", { headers: actingAs(userId) }),
      routeContext({ run_id: runId }),
    ),
  );
  expect(events.at(-1)?.type).toBe("run_completed");
  await flushTracing();
  return { runId, sessionId: session.session_id, events };
}

type ToolStarted = Extract<RunEvent, { type: "tool_started" }>;
const toolStarts = (events: RunEvent[]) =>
  events.filter((event): event is ToolStarted => event.type === "tool_started");

/** Checks the run's own spans and returns them by role. */
function expectRunTrace(input: {
  spans: ReceivedSpan[];
  runId: string;
  sessionId: string;
  events: RunEvent[];
}) {
  const runIds = { "workbench.run_id": input.runId, "workbench.session_id": input.sessionId };
  // The run's trace id is its id: every span of the run is found by it.
  const traceId = input.runId.replaceAll("-", "");
  const phases = input.spans.filter(
    (span) => span.name === "invoke_agent" && span.attributes["workbench.run_id"] === input.runId,
  );
  expect(phases).toHaveLength(1);
  const [phase] = phases;
  expect(phase).toMatchObject({ traceId, parentSpanId: "", kind: spanKind.internal });
  expect(phase.attributes).toMatchObject({
    ...runIds,
    "gen_ai.operation.name": "invoke_agent",
    "gen_ai.agent.name": "graph-analyst",
    "gen_ai.conversation.id": input.sessionId,
    "workbench.run.status": "completed",
  });
  expect(phase.resource).toMatchObject({
    "service.name": "graph-workbench",
    "workbench.process": "app",
  });

  const chats = input.spans.filter(
    (span) => span.traceId === traceId && span.name.startsWith("chat "),
  );
  // One model call before each tool batch and one for the answer: at least two here.
  expect(chats.length).toBeGreaterThanOrEqual(2);
  for (const chat of chats) {
    expect(chat).toMatchObject({
      name: "chat local-rules",
      parentSpanId: phase.spanId,
      kind: spanKind.client,
    });
    expect(chat.attributes).toMatchObject({
      ...runIds,
      "gen_ai.operation.name": "chat",
      "gen_ai.request.model": "local-rules",
      "gen_ai.provider.name": "local",
      "gen_ai.system": "local",
    });
    // What the offline model reported (exact counts are checked with a provider's below).
    for (const key of ["gen_ai.usage.input_tokens", "gen_ai.usage.output_tokens"]) {
      expect(Number.isInteger(chat.attributes[key]) && Number(chat.attributes[key]) >= 0).toBe(
        true,
      );
    }
  }

  // One execute_tool span per tool call the run's events show, named after it.
  const started = toolStarts(input.events);
  expect(started.length).toBeGreaterThanOrEqual(2);
  const toolSpans = new Map<string, ReceivedSpan>();
  for (const call of started) {
    const matching = input.spans.filter(
      (span) =>
        span.traceId === traceId &&
        span.attributes["gen_ai.tool.call.id"] === call.tool_call_id &&
        span.name.startsWith("execute_tool "),
    );
    expect(matching).toHaveLength(1);
    const [span] = matching;
    expect(span).toMatchObject({
      name: `execute_tool ${call.tool_name}`,
      traceId,
      parentSpanId: phase.spanId,
    });
    expect(span.attributes).toMatchObject({
      ...runIds,
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.name": call.tool_name,
      "gen_ai.tool.call.id": call.tool_call_id,
    });
    toolSpans.set(call.tool_call_id, span);
  }

  // The engine's handling of each call: a SERVER span that is the execute_tool span's child.
  for (const call of started) {
    const caller = toolSpans.get(call.tool_call_id) as ReceivedSpan;
    const handled = input.spans.filter(
      (span) => span.name === `tools/call ${call.tool_name}` && span.parentSpanId === caller.spanId,
    );
    expect(handled, `engine span of ${call.tool_name}`).toHaveLength(1);
    expect(handled[0]).toMatchObject({ traceId, kind: spanKind.server });
    expect(handled[0].attributes).toMatchObject({
      ...runIds,
      "mcp.method.name": "tools/call",
      "gen_ai.tool.name": call.tool_name,
      "gen_ai.tool.call.id": call.tool_call_id,
    });
  }
  return { phase, toolSpans };
}

describe("OpenTelemetry traces of a run", () => {
  it("exports the run, its model and tool calls, the engine's handling over HTTP and the job linked to the run", async () => {
    process.env.GRAPH_ENGINE_URL = `${engine.url}/api/mcp`;
    resetEnvForTests();
    const karateId = await uploadKarate();
    const { runId, sessionId, events } = await runToEnd("top 5 nodes by pagerank", karateId);
    builtKarateId = karateId;
    const spans = receiver.spans();
    const { phase, toolSpans } = expectRunTrace({ spans, runId, sessionId, events });

    // The construction ran as a job; its span is in a trace of its own, linked to the run's
    // span and to the engine span that enqueued it.
    const build = toolStarts(events).find((event) => event.tool_name === "construct_graph");
    if (!build) throw new Error("the run did not build the graph");
    const buildSpan = toolSpans.get(build.tool_call_id) as ReceivedSpan;
    const enqueuer = spans.find(
      (span) =>
        span.name === "tools/call construct_graph" && span.parentSpanId === buildSpan.spanId,
    ) as ReceivedSpan;
    const jobs = spans.filter(
      (span) =>
        span.name === "job construct_graph" && span.attributes["workbench.run_id"] === runId,
    );
    expect(jobs).toHaveLength(1);
    const [job] = jobs;
    expect(job.kind).toBe(spanKind.consumer);
    expect(job.parentSpanId).toBe("");
    expect(job.attributes).toMatchObject({
      "workbench.session_id": sessionId,
      "workbench.job.kind": "construct_graph",
      "workbench.job.status": "done",
    });
    expect(job.links).toEqual(
      expect.arrayContaining([
        {
          traceId: phase.traceId,
          spanId: phase.spanId,
          attributes: { "workbench.link.role": "run" },
        },
        {
          traceId: phase.traceId,
          spanId: enqueuer.spanId,
          attributes: { "workbench.link.role": "enqueued_by" },
        },
      ]),
    );
  }, 120_000);

  it("carries the trace to the in-process engine through MCP _meta", async () => {
    delete process.env.GRAPH_ENGINE_URL;
    resetEnvForTests();
    const karateId = await uploadKarate();
    const { runId, sessionId, events } = await runToEnd("top 5 nodes by pagerank", karateId);
    expectRunTrace({ spans: receiver.spans(), runId, sessionId, events });
  }, 120_000);

  it("continues a run after an approval in the same trace, one invoke_agent span per phase", async () => {
    const session = await createSession({ ownerId: userId, projectId });
    const post = (url: string, body: unknown) =>
      new Request(`http://test.local${url}`, {
        method: "POST",
        headers: { ...actingAs(userId), "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const readEvents = async (runId: string, afterSeq: number) =>
      readRunEvents(
        await runEventsRoute.GET(
          new Request(`http://test.local/x?after_seq=${afterSeq}`, { headers: actingAs(userId) }),
          routeContext({ run_id: runId }),
        ),
      );
    // local-rules asks for clear_graph, which waits for a person's approval.
    const started = await startRunRoute.POST(
      post(`/api/sessions/${session.session_id}/runs`, {
        start_request_id: randomUUID(),
        message: "Clear the graph",
        attachments: [builtKarateId],
      }),
      routeContext({ session_id: session.session_id }),
    );
    const { run_id: runId } = (await started.json()) as { run_id: string };
    const first = await readEvents(runId, -1);
    expect(first.at(-1)?.type).toBe("run_paused");
    const approval = first.find(
      (event): event is Extract<RunEvent, { type: "approval_required" }> =>
        event.type === "approval_required",
    );
    if (!approval) throw new Error("the run asked for no approval");
    const decided = await approvalsRoute.POST(
      post(`/api/runs/${runId}/approvals`, {
        tool_call_id: approval.tool_call_id,
        tool_name: approval.tool_name,
        decision: "approve",
      }),
      routeContext({ run_id: runId }),
    );
    expect(decided.status).toBe(202);
    const second = await readEvents(runId, first.at(-1)?.seq ?? -1);
    expect(second.at(-1)?.type).toBe("run_completed");
    await flushTracing();

    const traceId = runId.replaceAll("-", "");
    const phases = receiver
      .spans()
      .filter(
        (span) => span.name === "invoke_agent" && span.attributes["workbench.run_id"] === runId,
      )
      .sort(
        (a, b) =>
          Number(a.attributes["workbench.execution_generation"]) -
          Number(b.attributes["workbench.execution_generation"]),
      );
    expect(
      phases.map((span) => [
        span.traceId,
        span.attributes["workbench.execution_generation"],
        span.attributes["workbench.run.status"],
      ]),
    ).toEqual([
      [traceId, 1, "paused"],
      [traceId, 2, "completed"],
    ]);
    // The approved call runs in the second phase, under its span.
    const cleared = receiver
      .spans()
      .filter(
        (span) =>
          span.traceId === traceId &&
          span.attributes["gen_ai.tool.call.id"] === approval.tool_call_id &&
          span.name === `execute_tool ${approval.tool_name}`,
      );
    expect(cleared.map((span) => span.parentSpanId)).toEqual([phases[1].spanId]);
  }, 120_000);

  it("makes the engine's span a child of the caller's: from _meta in process, from the traceparent header over HTTP", async () => {
    const caller = (traceId: string, spanId: string) => `00-${traceId}-${spanId}-01`;
    const inProcess = { traceId: "4bf92f3577b34da6a3ce929d0e0e4736", spanId: "00f067aa0ba902b7" };
    const overHttp = { traceId: "0af7651916cd43dd8448eb211c80319c", spanId: "b7ad6b7169203331" };
    // In process: only the request's _meta carries the trace (no span is active here).
    const local = new Client({ name: "trace-probe", version: "1.0.0" });
    const controller = new AbortController();
    await connectInProcessMcpServer({
      client: local,
      headers: new Headers(actingAs(userId)),
      signal: controller.signal,
    });
    await local.callTool({
      name: "list_datasets",
      arguments: {},
      _meta: { traceparent: caller(inProcess.traceId, inProcess.spanId) },
    });
    await local.close();
    // Over HTTP: only the W3C header carries it.
    const remote = new Client({ name: "trace-probe", version: "1.0.0" });
    await remote.connect(
      new StreamableHTTPClientTransport(new URL(`${engine.url}/api/mcp`), {
        requestInit: {
          headers: {
            ...actingAs(userId),
            traceparent: caller(overHttp.traceId, overHttp.spanId),
          },
        },
      }),
    );
    await remote.callTool({ name: "list_datasets", arguments: {} });
    await remote.close();
    await flushTracing();
    for (const expected of [inProcess, overHttp]) {
      const handled = receiver
        .spans()
        .filter(
          (span) => span.traceId === expected.traceId && span.name === "tools/call list_datasets",
        );
      expect(handled).toHaveLength(1);
      expect(handled[0]).toMatchObject({ parentSpanId: expected.spanId, kind: spanKind.server });
    }
  });

  it("records the tokens a provider reported on each chat span", async () => {
    const modelKey = "sk-fake-traces-0123456789";
    const karateId = await uploadKarate();
    const turns: FakeTurn[] = [
      {
        toolCalls: [{ id: "info", name: "get_graph_info", arguments: JSON.stringify({}) }],
        usage: { prompt_tokens: 321, completion_tokens: 17 },
      },
      { text: "No graph is loaded yet.", usage: { prompt_tokens: 456, completion_tokens: 29 } },
    ];
    const llm = await startFakeOpenAIServer({
      apiKey: modelKey,
      respond: () => {
        const next = turns.shift();
        if (!next) throw new Error("the test scripted no more turns");
        return next;
      },
    });
    const modelEnv = {
      LLM_BASE_URL: llm.baseUrl,
      LLM_API_KEY: modelKey,
      LLM_MODEL: "fake-gpt",
      LLM_PROTOCOL: "openai_chat",
      MEMORY_LLM_EXTRACTION: "false",
    };
    Object.assign(process.env, modelEnv);
    resetEnvForTests();
    try {
      const { runId } = await runToEnd("what graph is loaded?", karateId, { model: "fake-gpt" });
      const traceId = runId.replaceAll("-", "");
      const chats = receiver
        .spans()
        .filter((span) => span.traceId === traceId && span.name.startsWith("chat "));
      expect(
        chats.map((span) => [
          span.name,
          span.attributes["gen_ai.request.model"],
          span.attributes["gen_ai.usage.input_tokens"],
          span.attributes["gen_ai.usage.output_tokens"],
        ]),
      ).toEqual([
        ["chat fake-gpt", "fake-gpt", 321, 17],
        ["chat fake-gpt", "fake-gpt", 456, 29],
      ]);
    } finally {
      for (const name of Object.keys(modelEnv)) delete process.env[name];
      resetEnvForTests();
      await llm.close();
    }
  }, 120_000);

  it("sends protobuf by default", async () => {
    await stopTracing();
    delete process.env.OTEL_EXPORTER_OTLP_PROTOCOL;
    resetEnvForTests();
    startTracing({ process: "app" });
    const before = receiver.requests.length;
    const karateId = await uploadKarate();
    const { runId } = await runToEnd("top 5 nodes by pagerank", karateId);
    const sent = receiver.requests.slice(before);
    expect(sent.length).toBeGreaterThan(0);
    for (const request of sent) {
      expect(request.path).toBe("/v1/traces");
      expect(request.contentType).toBe("application/x-protobuf");
    }
    // Protobuf carries the trace id as its 16 raw bytes, and span names as UTF-8 strings.
    const bodies = Buffer.concat(sent.map((request) => request.body));
    expect(bodies.includes(Buffer.from(runId.replaceAll("-", ""), "hex"))).toBe(true);
    expect(bodies.includes(Buffer.from("invoke_agent"))).toBe(true);
    expect(bodies.includes(Buffer.from("execute_tool node_centrality"))).toBe(true);
  }, 120_000);
});
