import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "@/lib/backend/sessions/create-session";
import { type RunHarness, startRunHarness } from "../support/run-harness";

// The sequential retry and a changed message are covered in agent-runtime-local-rules.test.ts;
// this file is about concurrent starts and the busy session (RC-2).

let harness: RunHarness;
// The graph engine answers only when the gate is open, so a run is provably still active
// while the test checks how the session treats other starts.
let gate: Promise<void> = Promise.resolve();
let openGate = () => {};

function closeGate() {
  gate = new Promise<void>((resolve) => {
    openGate = resolve;
  });
}

beforeAll(async () => {
  harness = await startRunHarness({ engineGate: () => gate });
}, 120_000);

afterAll(async () => {
  openGate();
  await harness?.close();
});

const startRun = (sessionId: string, body: Record<string, unknown>) =>
  harness.startRunWithBody(sessionId, body);
const sessionSnapshot = (sessionId: string) => harness.session(sessionId);
const eventsToEnd = (runId: string) => harness.events(runId);

describe("run admission under concurrency (RC-2)", () => {
  it("admits one run for 20 concurrent identical starts and keeps the session busy until it ends", async () => {
    const session = await createSession({
      ownerId: harness.userId,
      projectId: harness.projectId,
    });
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
