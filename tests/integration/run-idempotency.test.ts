import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCustomModel } from "@/lib/agent/models/catalogue/create-custom-model";
import { uploadDataset } from "@/lib/datasets/upload-dataset";
import { getDb } from "@/lib/db/client";
import { createSession } from "@/lib/sessions/create-session";
import { type FakeOpenAIServer, startFakeOpenAIServer } from "../support/fake-openai-server";
import { fixturesDirectory, type RunHarness, startRunHarness } from "../support/run-harness";

// The sequential retry and a changed message are covered in agent-runtime-local-rules.test.ts;
// this file is about concurrent starts, the busy session, and a retry that must name its run
// even when what the first attempt was validated against is gone (RC-2).

let harness: RunHarness;
let llm: FakeOpenAIServer;
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
  llm = await startFakeOpenAIServer({
    apiKey: "sk-retry-0123456789",
    respond: () => ({ text: "hi" }),
  });
}, 120_000);

afterAll(async () => {
  openGate();
  await harness?.close();
  await llm?.close();
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

describe("an idempotent start wins over validation (RC-2)", () => {
  const finished = async (runId: string) =>
    expect((await eventsToEnd(runId)).at(-1)?.type).toBe("run_completed");

  it("answers a retry with its run after the run's model was removed", async () => {
    const modelName = `retry-${randomUUID().slice(0, 8)}`;
    await createCustomModel({
      ownerId: harness.userId,
      name: modelName,
      provider: "vllm",
      protocol: "openai_chat",
      base_url: llm.baseUrl,
      remote_model_id: "m",
      api_key: "sk-retry-0123456789",
    });
    const session = await createSession({ ownerId: harness.userId, projectId: harness.projectId });
    const body = {
      start_request_id: randomUUID(),
      message: "say hi",
      attachments: [],
      options: { model: modelName },
    };
    const first = await startRun(session.session_id, body);
    expect(first.status).toBe(202);
    await finished(first.body.run_id);

    const db = await getDb();
    await db.modelConfig.deleteMany({ where: { ownerId: harness.userId, name: modelName } });
    // A new start with that model is refused now ...
    const fresh = await startRun(session.session_id, { ...body, start_request_id: randomUUID() });
    expect(fresh.status).toBe(422);
    expect(fresh.body.error.code).toBe("MODEL_NOT_CONFIGURED");
    // ... but the retry is the same request: it names its run, and submits nothing new.
    const retried = await startRun(session.session_id, body);
    expect(retried).toMatchObject({ status: 200, body: { run_id: first.body.run_id } });
    // Other content under the same id is still the conflict, not a validation error.
    const changed = await startRun(session.session_id, { ...body, message: "say bye" });
    expect(changed.status).toBe(409);
    expect(changed.body.error).toMatchObject({
      code: "START_IDEMPOTENCY_CONFLICT",
      details: { run_id: first.body.run_id },
    });
    const after = await sessionSnapshot(session.session_id);
    expect(after.runs).toHaveLength(1);
    expect(after.messages.filter((m: { role: string }) => m.role === "user")).toHaveLength(1);
  }, 60_000);

  it("answers a retry with its run after its attachment was deleted", async () => {
    const upload = await uploadDataset({
      ownerId: harness.userId,
      projectId: harness.projectId,
      file: {
        filename: `attached-${randomUUID().slice(0, 8)}.csv`,
        bytes: await readFile(path.join(fixturesDirectory, "karate_edges.csv")),
      },
    });
    const session = await createSession({ ownerId: harness.userId, projectId: harness.projectId });
    const body = {
      start_request_id: randomUUID(),
      message: "what graph is loaded?",
      attachments: [upload.dataset_id],
      options: { model: "local-rules" },
    };
    const first = await startRun(session.session_id, body);
    expect(first.status).toBe(202);
    await finished(first.body.run_id);

    const db = await getDb();
    await db.dataset.delete({ where: { id: upload.dataset_id } });
    const retried = await startRun(session.session_id, body);
    expect(retried).toMatchObject({ status: 200, body: { run_id: first.body.run_id } });
    expect((await sessionSnapshot(session.session_id)).runs).toHaveLength(1);
  }, 60_000);

  it("lets a refused first attempt bind nothing: the same id, corrected, starts a run", async () => {
    const session = await createSession({ ownerId: harness.userId, projectId: harness.projectId });
    const body = {
      start_request_id: randomUUID(),
      message: "what graph is loaded?",
      attachments: [],
      options: { model: "no-such-model" },
    };
    const refused = await startRun(session.session_id, body);
    expect(refused.status).toBe(422);
    // Retried unchanged, it is validated again (and refused again), not a conflict or a run.
    const again = await startRun(session.session_id, body);
    expect(again.status).toBe(422);
    expect(again.body.error.code).toBe("MODEL_NOT_CONFIGURED");
    expect((await sessionSnapshot(session.session_id)).runs).toEqual([]);

    const corrected = { ...body, options: { model: "local-rules" } };
    const started = await startRun(session.session_id, corrected);
    expect(started.status).toBe(202);
    await finished(started.body.run_id);
    const retried = await startRun(session.session_id, corrected);
    expect(retried).toMatchObject({ status: 200, body: { run_id: started.body.run_id } });
    // From now on the id is bound to the run: the refused content is the conflict.
    const old = await startRun(session.session_id, body);
    expect(old.status).toBe(409);
    expect(old.body.error.code).toBe("START_IDEMPOTENCY_CONFLICT");
  }, 60_000);
});
