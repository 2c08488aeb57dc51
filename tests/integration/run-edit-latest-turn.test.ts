import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { createSession } from "@/lib/sessions/create-session";
import { type FakeOpenAIServer, startFakeOpenAIServer } from "../support/fake-openai-server";
import { fakeModelEnvironment, type RunHarness, startRunHarness } from "../support/run-harness";

const modelKey = "sk-fake-edit-0123456789";
let harness: RunHarness;
let llm: FakeOpenAIServer;

beforeAll(async () => {
  llm = await startFakeOpenAIServer({
    apiKey: modelKey,
    respond: (body) => {
      const users = (body.messages ?? []).filter((message) => message.role === "user");
      return { text: `answer to: ${String(users.at(-1)?.content)}` };
    },
  });
  harness = await startRunHarness({
    extraEnv: {
      ...fakeModelEnvironment(llm.baseUrl, modelKey),
    },
  });
}, 60_000);

afterAll(async () => {
  await harness?.close();
  await llm?.close();
});

async function completedRun(sessionId: string, message: string, replacesRunId?: string) {
  const started = await harness.startRun(sessionId, message, {
    model: "fake-gpt",
    attachments: [],
    replacesRunId,
  });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const events = await harness.events(started.body.run_id);
  expect(events.at(-1)?.type).toBe("run_completed");
  return started.body.run_id as string;
}

describe("edit latest turn (edit_latest_turn_v1)", () => {
  it("starts a new run from the edited message; the old run stays in the record but leaves the model's history", async () => {
    const session = await createSession({ ownerId: harness.userId, projectId: harness.projectId });
    const first = await completedRun(session.session_id, "how many nodez?");
    const edited = await completedRun(session.session_id, "how many nodes?", first);

    // The run's own turn (it offers tools), not the memory extraction asked after it.
    const agentTurns = llm.requests.filter((request) => Array.isArray(request.body.tools));
    const lastRequest = agentTurns.at(-1)?.body.messages ?? [];
    const userTexts = lastRequest
      .filter((message) => message.role === "user")
      .map((message) => message.content);
    expect(userTexts).toEqual(["how many nodes?"]);

    const view = await harness.session(session.session_id);
    expect(view.runs.map((run: { run_id: string }) => run.run_id)).toEqual([first, edited]);
    expect(view.runs[0]).toMatchObject({ replaced_by_run_id: edited });
    expect(view.runs[1]).toMatchObject({ replaces_run_id: first, run_status: "completed" });
    expect((await harness.snapshot(first)).replaced_by_run_id).toBe(edited);
    // Both user messages are kept in order.
    const users = view.messages.filter((message: { role: string }) => message.role === "user");
    expect(users.map((message: { parts: { text: string }[] }) => message.parts[0].text)).toEqual([
      "how many nodez?",
      "how many nodes?",
    ]);
  });

  it("only the latest finished turn can be edited, and only while edit_latest_turn_v1 is on", async () => {
    const session = await createSession({ ownerId: harness.userId, projectId: harness.projectId });
    const first = await completedRun(session.session_id, "one");
    await completedRun(session.session_id, "two");
    const stale = await harness.startRun(session.session_id, "one, edited", {
      model: "fake-gpt",
      attachments: [],
      replacesRunId: first,
    });
    expect(stale.status).toBe(400);
    expect(stale.body.error.message).toContain("latest turn");

    process.env.IGRAPH_EDIT_LATEST_TURN_ENABLED = "false";
    resetEnvForTests();
    try {
      const off = await harness.startRun(session.session_id, "two, edited", {
        model: "fake-gpt",
        attachments: [],
        replacesRunId: first,
      });
      expect(off.status).toBe(400);
      expect(off.body.error.details.capability).toBe("edit_latest_turn_v1");
    } finally {
      process.env.IGRAPH_EDIT_LATEST_TURN_ENABLED = "true";
      resetEnvForTests();
    }
    expect((await harness.session(session.session_id)).runs).toHaveLength(2);
  });
});
