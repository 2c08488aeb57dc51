import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as mcpRoute from "@/app/api/mcp/route";
import * as runEventsRoute from "@/app/api/runs/[run_id]/events/route";
import * as sessionRoute from "@/app/api/sessions/[session_id]/route";
import * as startRunRoute from "@/app/api/sessions/[session_id]/runs/route";
import { createProject } from "@/lib/backend/projects/create-project";
import { createSession } from "@/lib/backend/sessions/create-session";
import { insertUser } from "@/lib/db/queries/users";
import { resetEnvForTests } from "@/lib/env";
import { actingAs, routeContext } from "../support/route-request";
import { readRunEvents } from "../support/run-events-client";
import { serveRouteHandlers } from "../support/serve-route-handlers";

// The sequential retry and a changed message are covered in agent-runtime-local-rules.test.ts;
// this file is about concurrent starts and the busy session (RC-2).

let engine: Awaited<ReturnType<typeof serveRouteHandlers>>;
let userId: string;
let projectId: string;
// The graph engine answers only when the gate is open, so a run is provably still active
// while the test checks how the session treats other starts.
let gate: Promise<void> = Promise.resolve();
let openGate = () => {};

function closeGate() {
  gate = new Promise<void>((resolve) => {
    openGate = resolve;
  });
}

async function gatedEnginePost(request: Request) {
  await gate;
  return mcpRoute.POST(request);
}

beforeAll(async () => {
  engine = await serveRouteHandlers({
    POST: gatedEnginePost,
    GET: mcpRoute.GET,
    DELETE: mcpRoute.DELETE,
  });
  process.env.GRAPH_ENGINE_URL = `${engine.url}/api/mcp`;
  resetEnvForTests();
  userId = (await insertUser({ email: `idem-${randomUUID()}@test.local`, displayName: "idem" })).id;
  projectId = (await createProject({ ownerId: userId, name: "Idempotency" })).project_id;
}, 120_000);

afterAll(async () => {
  openGate();
  delete process.env.GRAPH_ENGINE_URL;
  resetEnvForTests();
  await engine?.close();
});

async function startRun(sessionId: string, body: Record<string, unknown>) {
  const response = await startRunRoute.POST(
    new Request("http://test.local/x", {
      method: "POST",
      headers: actingAs(userId),
      body: JSON.stringify(body),
    }),
    routeContext({ session_id: sessionId }),
  );
  return { status: response.status, body: await response.json() };
}

async function sessionSnapshot(sessionId: string) {
  const response = await sessionRoute.GET(
    new Request("http://test.local/x", { headers: actingAs(userId) }),
    routeContext({ session_id: sessionId }),
  );
  expect(response.status).toBe(200);
  return response.json();
}

async function eventsToEnd(runId: string) {
  const response = await runEventsRoute.GET(
    new Request("http://test.local/x?after_seq=-1", { headers: actingAs(userId) }),
    routeContext({ run_id: runId }),
  );
  expect(response.status).toBe(200);
  return readRunEvents(response);
}

describe("run admission under concurrency (RC-2)", () => {
  it("admits one run for 20 concurrent identical starts and keeps the session busy until it ends", async () => {
    const session = await createSession({ ownerId: userId, projectId });
    const sessionId = session.session_id;
    const body = {
      start_request_id: randomUUID(),
      message: "what graph is loaded?",
      options: { model: "local-rules" },
    };
    closeGate();
    const answers = await Promise.all(Array.from({ length: 20 }, () => startRun(sessionId, body)));

    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 202)).toHaveLength(1);
    expect(statuses.filter((status) => status === 200)).toHaveLength(19);
    const runId = answers[0].body.run_id as string;
    expect(new Set(answers.map((answer) => answer.body.run_id))).toEqual(new Set([runId]));
    expect(answers.every((answer) => answer.body.events_url === `/api/runs/${runId}/events`)).toBe(
      true,
    );

    // The same key with other options is other content, even though the message is the same.
    const changed = await startRun(sessionId, {
      ...body,
      options: { ...body.options, output_format: "report" },
    });
    expect(changed.status).toBe(409);
    expect(changed.body.error).toMatchObject({
      code: "START_IDEMPOTENCY_CONFLICT",
      details: { run_id: runId },
    });

    const busy = await startRun(sessionId, { ...body, start_request_id: randomUUID() });
    expect(busy.status).toBe(409);
    expect(busy.body.error.code).toBe("SESSION_BUSY");
    expect(busy.body.error.details.can_send).toBe(false);
    expect(busy.body.error.details.active_run.run_id).toBe(runId);

    // Neither the retries nor the refusals wrote anything: one run, one user message.
    const during = await sessionSnapshot(sessionId);
    expect(during.runs.map((run: { run_id: string }) => run.run_id)).toEqual([runId]);
    expect(during.messages.filter((m: { role: string }) => m.role === "user")).toHaveLength(1);
    expect(during.can_send).toBe(false);
    expect(during.active_run.run_id).toBe(runId);

    openGate();
    expect((await eventsToEnd(runId)).at(-1)?.type).toBe("run_completed");

    // A late retry of the finished request still names its run; a new request starts a new one.
    const retried = await startRun(sessionId, body);
    expect(retried).toMatchObject({ status: 200, body: { run_id: runId } });
    const next = await startRun(sessionId, { ...body, start_request_id: randomUUID() });
    expect(next.status).toBe(202);
    expect(next.body.run_id).not.toBe(runId);
    expect((await eventsToEnd(next.body.run_id)).at(-1)?.type).toBe("run_completed");

    const after = await sessionSnapshot(sessionId);
    expect(after.runs).toHaveLength(2);
    expect(after.messages.filter((m: { role: string }) => m.role === "user")).toHaveLength(2);
    expect(after.can_send).toBe(true);
  }, 60_000);
});
