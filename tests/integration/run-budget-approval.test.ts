import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { createSession } from "@/lib/sessions/create-session";
import { type RunHarness, startRunHarness } from "../support/run-harness";

// The time budget counts the run's work, not a pause for approval: a run paused longer than its
// whole budget still continues after the decision and completes, and what its first phase used
// is carried into the next one.

let harness: RunHarness;

beforeAll(async () => {
  harness = await startRunHarness();
}, 60_000);

afterAll(async () => {
  await harness?.close();
});

describe("a run's budget across an approval pause", () => {
  it("does not count the pause against max_seconds, and carries what the first phase used", async () => {
    const session = await createSession({ ownerId: harness.userId, projectId: harness.projectId });
    const started = await harness.startRunWithBody(session.session_id, {
      start_request_id: crypto.randomUUID(),
      message: "Clear the graph",
      options: { budget: { max_seconds: 3, max_tool_calls: 5 } },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const runId: string = started.body.run_id;
    const first = await harness.events(runId);
    expect(first.at(-1)?.type).toBe("run_paused");
    const approval = first.find((event) => event.type === "approval_required");
    if (approval?.type !== "approval_required") throw new Error("no approval asked");

    const db = await getDb();
    const pausedRow = await db.run.findUniqueOrThrow({
      where: { id: runId },
      select: { budgetUsed: true },
    });
    const usedBefore = pausedRow.budgetUsed as { seconds: number; tool_calls: number };
    expect(usedBefore.seconds).toBeGreaterThan(0);
    expect(usedBefore.seconds).toBeLessThan(3);
    // The gated call has not run yet.
    expect(usedBefore.tool_calls).toBe(0);

    // Paused for longer than the whole budget.
    await sleep(3_500);
    const decided = await harness.decide(runId, {
      tool_call_id: approval.tool_call_id,
      tool_name: "clear_graph",
      decision: "approve",
    });
    expect(decided.status).toBe(202);
    const continued = await harness.events(runId, first.at(-1)?.seq ?? -1);
    expect(continued.map((event) => event.type)).not.toContain("budget_exceeded");
    expect(continued.at(-1)?.type).toBe("run_completed");
    const snapshot = await harness.snapshot(runId);
    expect(snapshot).toMatchObject({
      run_status: "completed",
      stop_reason: null,
      budget: { max_seconds: 3, max_tool_calls: 5 },
    });
    const finished = await db.run.findUniqueOrThrow({
      where: { id: runId },
      select: { budgetUsed: true },
    });
    const usedAfter = finished.budgetUsed as { seconds: number; tool_calls: number };
    expect(usedAfter.tool_calls).toBe(1);
    expect(usedAfter.seconds).toBeGreaterThanOrEqual(usedBefore.seconds);
    expect(usedAfter.seconds).toBeLessThan(3);
  }, 60_000);
});
