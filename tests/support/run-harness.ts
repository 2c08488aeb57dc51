import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import * as mcpRoute from "@/app/api/mcp/route";
import * as approvalsRoute from "@/app/api/runs/[run_id]/approvals/route";
import * as runEventsRoute from "@/app/api/runs/[run_id]/events/route";
import * as runRoute from "@/app/api/runs/[run_id]/route";
import * as cancelRoute from "@/app/api/runs/cancel/route";
import * as sessionRoute from "@/app/api/sessions/[session_id]/route";
import * as startRunRoute from "@/app/api/sessions/[session_id]/runs/route";
import { constructDataset } from "@/lib/constructions/construct-dataset";
import type { RunEvent } from "@/lib/contracts/run-event";
import { uploadDataset } from "@/lib/datasets/upload-dataset";
import { insertUser } from "@/lib/db/queries/users";
import { resetEnvForTests } from "@/lib/env";
import { createProject } from "@/lib/projects/create-project";
import { actingAs, routeContext } from "./route-request";
import { readRunEvents } from "./run-events-client";
import { serveRouteHandlers } from "./serve-route-handlers";

export const fixturesDirectory = path.resolve(import.meta.dirname, "../../tests/fixtures");

/**
 * The run-control tests' world: the MCP engine served over real loopback HTTP (the agent calls
 * it like in production), a user with a project and the karate graph built, and small clients
 * for the run routes.
 */
export async function startRunHarness(
  input: {
    extraEnv?: Record<string, string>;
    /** Awaited before the engine answers a request (a test holds runs active with it). */
    engineGate?: () => Promise<void>;
  } = {},
) {
  const toolCalls: string[] = [];
  const countingPost = async (request: Request) => {
    const body = await request
      .clone()
      .json()
      .catch(() => null);
    if (body?.method === "tools/call") toolCalls.push(body.params.name);
    await input.engineGate?.();
    return mcpRoute.POST(request);
  };
  const engine = await serveRouteHandlers({
    POST: countingPost,
    GET: mcpRoute.GET,
    DELETE: mcpRoute.DELETE,
  });
  const env = {
    GRAPH_ENGINE_URL: `${engine.url}/api/mcp`,
    IGRAPH_RUN_CANCEL_ENABLED: "true",
    ...input.extraEnv,
  };
  Object.assign(process.env, env);
  resetEnvForTests();
  const userId = (await insertUser({ email: `rc-${randomUUID()}@test.local`, displayName: "rc" }))
    .id;
  const projectId = (await createProject({ ownerId: userId, name: "Run control" })).project_id;
  const karate = await uploadDataset({
    ownerId: userId,
    projectId,
    file: {
      filename: "karate_edges.csv",
      bytes: await readFile(path.join(fixturesDirectory, "karate_edges.csv")),
    },
  });
  await constructDataset({ ownerId: userId, datasetId: karate.dataset_id, options: {} });
  const headers = actingAs(userId);

  const post = (url: string, body: unknown) =>
    new Request(`http://test.local${url}`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  return {
    userId,
    projectId,
    karateId: karate.dataset_id,
    toolCalls,
    engineUrl: engine.url,
    async close() {
      for (const name of Object.keys(env)) delete process.env[name];
      resetEnvForTests();
      await engine.close();
    },
    /** POST /api/sessions/{id}/runs with this body as it is. */
    async startRunWithBody(sessionId: string, body: Record<string, unknown>) {
      const response = await startRunRoute.POST(
        post(`/api/sessions/${sessionId}/runs`, body),
        routeContext({ session_id: sessionId }),
      );
      return { status: response.status, body: await response.json() };
    },
    startRun(
      sessionId: string,
      message: string,
      extra: {
        startRequestId?: string;
        attachments?: string[];
        replacesRunId?: string;
        model?: string;
      } = {},
    ) {
      return this.startRunWithBody(sessionId, {
        start_request_id: extra.startRequestId ?? randomUUID(),
        message,
        attachments: extra.attachments ?? [karate.dataset_id],
        ...(extra.replacesRunId ? { replaces_run_id: extra.replacesRunId } : {}),
        ...(extra.model ? { options: { model: extra.model } } : {}),
      });
    },
    /** Reads the run's events after `afterSeq` until the stream ends (a terminal event). */
    async events(runId: string, afterSeq = -1): Promise<RunEvent[]> {
      const response = await runEventsRoute.GET(
        new Request(`http://test.local/x?after_seq=${afterSeq}`, { headers }),
        routeContext({ run_id: runId }),
      );
      if (response.status !== 200) {
        throw new Error(`events answered ${response.status}: ${await response.text()}`);
      }
      return readRunEvents(response);
    },
    async snapshot(runId: string) {
      const response = await runRoute.GET(
        new Request("http://test.local/x", { headers }),
        routeContext({ run_id: runId }),
      );
      return response.json();
    },
    async session(sessionId: string) {
      const response = await sessionRoute.GET(
        new Request("http://test.local/x", { headers }),
        routeContext({ session_id: sessionId }),
      );
      return response.json();
    },
    async decide(runId: string, body: Record<string, unknown>) {
      const response = await approvalsRoute.POST(
        post(`/api/runs/${runId}/approvals`, body),
        routeContext({ run_id: runId }),
      );
      return { status: response.status, body: await response.json() };
    },
    async cancel(body: Record<string, unknown>) {
      const response = await cancelRoute.POST(post("/api/runs/cancel", body));
      return { status: response.status, body: await response.json() };
    },
  };
}

export type RunHarness = Awaited<ReturnType<typeof startRunHarness>>;

/** The environment that makes `fake-gpt` the fake Chat Completions server's model. */
export function fakeModelEnvironment(baseUrl: string, apiKey: string): Record<string, string> {
  return {
    LLM_BASE_URL: baseUrl,
    LLM_API_KEY: apiKey,
    LLM_MODEL: "fake-gpt",
    LLM_PROTOCOL: "openai_chat",
  };
}
