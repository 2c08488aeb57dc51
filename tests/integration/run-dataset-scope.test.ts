import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as mcpRoute from "@/app/api/mcp/route";
import * as runEventsRoute from "@/app/api/runs/[run_id]/events/route";
import * as startRunRoute from "@/app/api/sessions/[session_id]/runs/route";
import { constructDataset } from "@/lib/constructions/construct-dataset";
import type { RunEvent } from "@/lib/contracts/run-event";
import { listDatasets } from "@/lib/datasets/list-datasets";
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
import { actingAs, routeContext, testInternalKey } from "../support/route-request";
import { readRunEvents } from "../support/run-events-client";
import { serveRouteHandlers } from "../support/serve-route-handlers";

// The data scope of a run (SS-4): this message's attachments plus the project's constructed
// datasets. A dataset of the project that is neither is refused with DATASET_SCOPE_REQUIRED,
// by the runtime before the tool runs and by the MCP tool itself for a call that names a run.

const fixtures = path.resolve(import.meta.dirname, "../../tests/fixtures");
const modelKey = "sk-fake-scope-0123456789";
let engine: Awaited<ReturnType<typeof serveRouteHandlers>>;
let llm: FakeOpenAIServer;
let script: FakeTurn[] = [];
const engineCalls: { name: string; args: Record<string, unknown> }[] = [];
let userId: string;
let projectId: string;
let karateId: string;

beforeAll(async () => {
  const countingPost = async (request: Request) => {
    const body = await request
      .clone()
      .json()
      .catch(() => null);
    if (body?.method === "tools/call") {
      engineCalls.push({ name: body.params.name, args: body.params.arguments ?? {} });
    }
    return mcpRoute.POST(request);
  };
  engine = await serveRouteHandlers({
    POST: countingPost,
    GET: mcpRoute.GET,
    DELETE: mcpRoute.DELETE,
  });
  llm = await startFakeOpenAIServer({
    apiKey: modelKey,
    respond: () => {
      const next = script.shift();
      if (!next) throw new Error("the test scripted no more turns");
      return next;
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
  userId = (await insertUser({ email: `scope-${randomUUID()}@test.local`, displayName: "scope" }))
    .id;
  projectId = (await createProject({ ownerId: userId, name: "Scope" })).project_id;
  karateId = await uploadKarate("karate_edges.csv");
  await constructDataset({ ownerId: userId, datasetId: karateId, options: {} });
}, 60_000);

afterAll(async () => {
  for (const name of [
    "GRAPH_ENGINE_URL",
    "LLM_BASE_URL",
    "LLM_API_KEY",
    "LLM_MODEL",
    "LLM_PROTOCOL",
  ]) {
    delete process.env[name];
  }
  resetEnvForTests();
  await engine?.close();
  await llm?.close();
});

/** A fresh upload of the karate edges, never constructed: out of scope unless attached. */
async function uploadKarate(filename = `raw-${randomUUID().slice(0, 8)}.csv`) {
  const upload = await uploadDataset({
    ownerId: userId,
    projectId,
    file: { filename, bytes: await readFile(path.join(fixtures, "karate_edges.csv")) },
  });
  return upload.dataset_id;
}

async function constructionOf(datasetId: string) {
  const datasets = await listDatasets({ ownerId: userId, projectId });
  const dataset = datasets.find((candidate) => candidate.dataset_id === datasetId);
  return {
    status: dataset?.construction_status,
    revision: dataset?.construction_revision,
  };
}

/** Starts a run with the fake model and reads its stream to the end. */
async function run(input: { sessionId: string; message: string; attachments?: string[] }) {
  const response = await startRunRoute.POST(
    new Request("http://test.local/x", {
      method: "POST",
      headers: actingAs(userId),
      body: JSON.stringify({
        start_request_id: randomUUID(),
        message: input.message,
        attachments: input.attachments ?? [],
        options: { model: "fake-gpt" },
      }),
    }),
    routeContext({ session_id: input.sessionId }),
  );
  const started = await response.json();
  expect(response.status, JSON.stringify(started)).toBe(202);
  const stream = await runEventsRoute.GET(
    new Request("http://test.local/x?after_seq=-1", { headers: actingAs(userId) }),
    routeContext({ run_id: started.run_id }),
  );
  return { runId: started.run_id as string, events: await readRunEvents(stream) };
}

const toolTurn = (id: string, name: string, args: Record<string, unknown>): FakeTurn => ({
  toolCalls: [{ id, name, arguments: args }],
});

function completion(events: RunEvent[], toolCallId: string) {
  return events.find(
    (event) =>
      event.type === "tool_completed" &&
      "tool_call_id" in event &&
      event.tool_call_id === toolCallId,
  );
}

describe("a run's dataset scope (SS-4)", () => {
  it("refuses an unattached, unconstructed dataset with DATASET_SCOPE_REQUIRED and changes nothing", async () => {
    const rawId = await uploadKarate();
    const session = await createSession({ ownerId: userId, projectId });
    const callsBefore = engineCalls.length;
    script = [toolTurn("build", "construct_graph", { dataset_id: rawId }), { text: "Refused." }];
    const { events } = await run({ sessionId: session.session_id, message: "build that graph" });

    expect(events.at(-1)?.type).toBe("run_completed");
    expect(completion(events, "build")).toMatchObject({
      success: false,
      error_code: "DATASET_SCOPE_REQUIRED",
    });
    // Nothing ran and nothing was built: the engine never saw the call.
    expect(engineCalls.slice(callsBefore).map((call) => call.name)).not.toContain(
      "construct_graph",
    );
    expect(await constructionOf(rawId)).toEqual({ status: "none", revision: null });
  });

  it("builds a dataset attached to this message, though it was never constructed", async () => {
    const rawId = await uploadKarate();
    const session = await createSession({ ownerId: userId, projectId });
    script = [toolTurn("build", "construct_graph", { dataset_id: rawId }), { text: "Built." }];
    const { events } = await run({
      sessionId: session.session_id,
      message: "build the attached graph",
      attachments: [rawId],
    });

    expect(completion(events, "build")).toMatchObject({ success: true });
    expect(await constructionOf(rawId)).toEqual({ status: "ready", revision: 1 });
  });

  it("loads a constructed dataset of the project without an attachment", async () => {
    const session = await createSession({ ownerId: userId, projectId });
    script = [toolTurn("load", "load_constructed_graph", { dataset_id: karateId }), { text: "ok" }];
    const { events } = await run({ sessionId: session.session_id, message: "load karate" });

    expect(completion(events, "load")).toMatchObject({ success: true });
  });
});

describe("the MCP tools check the scope of the run a call names (X-Run-ID)", () => {
  async function admittedRun(sessionId: string, attachments: string[]) {
    const admitted = await admitRun({
      ownerId: userId,
      sessionId,
      projectId,
      startRequestId: randomUUID(),
      fingerprint: randomUUID(),
      options: {},
      attachments,
      modelName: "fake-gpt",
      messageParts: [{ type: "text", text: "scope" }],
      executorId: "test",
    });
    if (admitted.kind !== "created") throw new Error(`admission answered ${admitted.kind}`);
    return admitted.run.id;
  }

  async function connect(headers: Record<string, string>) {
    const client = new Client({ name: "scope-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${engine.url}/api/mcp`), {
        requestInit: { headers: { "x-internal-key": testInternalKey, ...headers } },
      }),
    );
    return client;
  }

  async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
    const result = await client.callTool({ name, arguments: args });
    // biome-ignore lint/suspicious/noExplicitAny: the test reads the envelope's nested data.
    return result.structuredContent as any;
  }

  const listed = (envelope: { data: { datasets: { dataset_id: string }[] } }) =>
    envelope.data.datasets.map((dataset) => dataset.dataset_id);

  it("refuses a dataset outside the run's scope, lists only what is in it, and builds nothing", async () => {
    const rawId = await uploadKarate();
    const session = await createSession({ ownerId: userId, projectId });
    const runId = await admittedRun(session.session_id, []);
    const client = await connect({
      "x-user-id": userId,
      "x-session-id": session.session_id,
      "x-run-id": runId,
    });
    try {
      expect(await call(client, "construct_graph", { dataset_id: rawId })).toMatchObject({
        success: false,
        error_code: "DATASET_SCOPE_REQUIRED",
      });
      expect(await call(client, "load_constructed_graph", { dataset_id: rawId })).toMatchObject({
        success: false,
        error_code: "DATASET_SCOPE_REQUIRED",
      });
      const inScope = listed(await call(client, "list_datasets"));
      expect(inScope).toContain(karateId);
      expect(inScope).not.toContain(rawId);
      expect(await call(client, "load_constructed_graph", { dataset_id: karateId })).toMatchObject({
        success: true,
      });
    } finally {
      await client.close();
    }
    expect(await constructionOf(rawId)).toEqual({ status: "none", revision: null });
  });

  it("lets a run that attached the dataset build it, and a run id of another session reach nothing", async () => {
    const rawId = await uploadKarate();
    const session = await createSession({ ownerId: userId, projectId });
    const runId = await admittedRun(session.session_id, [rawId]);
    const other = await createSession({ ownerId: userId, projectId });
    // The other session's run is named from this session: the header cannot widen the scope.
    const misnamed = await connect({
      "x-user-id": userId,
      "x-session-id": other.session_id,
      "x-run-id": runId,
    });
    try {
      expect(
        await call(misnamed, "load_constructed_graph", { dataset_id: karateId }),
      ).toMatchObject({ success: false, error_code: "DATASET_SCOPE_REQUIRED" });
    } finally {
      await misnamed.close();
    }
    const client = await connect({
      "x-user-id": userId,
      "x-session-id": session.session_id,
      "x-run-id": runId,
    });
    try {
      expect(listed(await call(client, "list_datasets"))).toEqual(
        expect.arrayContaining([rawId, karateId]),
      );
      expect(await call(client, "construct_graph", { dataset_id: rawId })).toMatchObject({
        success: true,
      });
    } finally {
      await client.close();
    }
    expect(await constructionOf(rawId)).toEqual({ status: "ready", revision: 1 });
  });

  it("keeps the project scope for an outside client that names no run", async () => {
    const rawId = await uploadKarate();
    const session = await createSession({ ownerId: userId, projectId });
    const client = await connect({ "x-user-id": userId, "x-session-id": session.session_id });
    try {
      expect(listed(await call(client, "list_datasets"))).toEqual(
        expect.arrayContaining([rawId, karateId]),
      );
    } finally {
      await client.close();
    }
  });
});
