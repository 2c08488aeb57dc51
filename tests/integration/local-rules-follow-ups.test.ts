import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "@/lib/sessions/create-session";
import { type RunHarness, startRunHarness } from "../support/run-harness";

// The offline model's conversation state comes from the database: each turn is a separate run
// whose model sees only what the runtime replays from the stored session (questions and
// answers), so a follow-up resolves the same way on any instance, after a restart, and after the
// latest turn is edited. The karate graph of the harness: n33 has the most connections (17),
// then n0 (16); n33's clustering coefficient is 0.11 (NetworkX: nx.clustering(G, 'n33')).

let harness: RunHarness;

beforeAll(async () => {
  harness = await startRunHarness();
}, 120_000);

afterAll(async () => {
  await harness?.close();
});

async function ask(sessionId: string, message: string, replacesRunId?: string) {
  const started = await harness.startRun(sessionId, message, {
    model: "local-rules",
    replacesRunId,
  });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const events = await harness.events(started.body.run_id);
  expect(events.at(-1)?.type).toBe("run_completed");
  const text = events
    .filter((event) => event.type === "text_delta")
    .map((event) => ("text" in event ? String(event.text) : ""))
    .join("");
  const snapshot = await harness.snapshot(started.body.run_id);
  const calls = (snapshot.tool_calls ?? []) as {
    tool_name: string;
    args: Record<string, unknown>;
  }[];
  return { runId: started.body.run_id as string, text, calls };
}

describe("follow-up questions with local-rules", () => {
  it("resolves 'how many exactly?' and 'its' against the stored turns, also after an edit", async () => {
    const session = await createSession({ ownerId: harness.userId, projectId: harness.projectId });
    const first = await ask(session.session_id, "Who has the most connections?");
    expect(first.text).toMatch(/^n33\b/);

    const exactly = await ask(session.session_id, "How many exactly?");
    expect(exactly.text.split("\n")[0]).toMatch(/\bn33\b.*\b17\b/);
    expect(exactly.calls.some((call) => JSON.stringify(call.args).includes("n33"))).toBe(true);

    // The latest turn edited: the new question resolves against the same stored first turn.
    const edited = await ask(
      session.session_id,
      "What is its clustering coefficient?",
      exactly.runId,
    );
    expect(edited.text.split("\n")[0]).toMatch(/\bn33\b/);
    expect(edited.text.split("\n")[0]).toMatch(/0\.11/);

    // A reference with nothing before it is asked back, with no tool run.
    const fresh = await createSession({ ownerId: harness.userId, projectId: harness.projectId });
    const lonely = await ask(fresh.session_id, "Which of them has the highest PageRank?");
    expect(lonely.text).toMatch(/Which nodes do you mean/);
    expect(lonely.calls).toEqual([]);
  }, 120_000);
});
