import { randomUUID } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { armPersistenceFault } from "@/lib/runs/final-state/persistence-fault";
import { reconcileRuns } from "@/lib/runs/final-state/reconcile-runs";
import {
  listStagedRunStates,
  type StagedRunState,
  stageRunState,
} from "@/lib/runs/phase/staged-run-state";
import { admitRun } from "@/lib/runs/start/admit-run";
import { createSession } from "@/lib/sessions/create-session";
import { type FakeOpenAIServer, startFakeOpenAIServer } from "../support/fake-openai-server";
import { testInternalKey } from "../support/route-request";
import { fakeModelEnvironment, type RunHarness, startRunHarness } from "../support/run-harness";
import { updateRunStatus } from "../support/run-rows";
import { spawnUnreaped, type UnreapedChild, waitForZombie } from "../support/unreaped-child";

const modelKey = "sk-fake-crash-0123456789";
let harness: RunHarness;
let llm: FakeOpenAIServer;
let child: UnreapedChild | undefined;

beforeAll(async () => {
  llm = await startFakeOpenAIServer({
    apiKey: modelKey,
    respond: (body) => {
      const toolResults = (body.messages ?? []).filter((message) => message.role === "tool");
      // First turn: load the graph. Second turn: a model that thinks far longer than the test.
      if (toolResults.length === 0) {
        return {
          toolCalls: [
            {
              id: "load",
              name: "load_constructed_graph",
              arguments: { dataset_id: harness.karateId },
            },
          ],
        };
      }
      return { text: "never sent", delayMs: 120_000 };
    },
  });
  harness = await startRunHarness({
    extraEnv: {
      ...fakeModelEnvironment(llm.baseUrl, modelKey),
      DATA_DIR: await mkdtemp(path.join(os.tmpdir(), "workbench-crash-")),
    },
  });
}, 60_000);

afterAll(async () => {
  await child?.close();
  await harness?.close();
  await llm?.close();
});

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number) {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() - started > timeoutMs) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("durable final state across a crash (PS-2…PS-4)", () => {
  it("kill -9 between tools: the run is interrupted with its finished tool results kept, and the session accepts a new run", async () => {
    const session = await createSession({ ownerId: harness.userId, projectId: harness.projectId });
    // Under a parent that never reaps it: killed, it stays a zombie, as a SIGKILLed server does
    // on machines whose PID 1 reaps nothing — `kill(pid, 0)` keeps succeeding on it.
    child = await spawnUnreaped({
      command: process.execPath,
      // `node --import tsx` (not the tsx CLI, which runs the script in a grandchild): the pid
      // killed is the executor's own.
      args: ["--import", "tsx", "--conditions=react-server", "tests/support/crash-child.mts"],
      env: {
        ...process.env,
        INTERNAL_SERVICE_KEY: testInternalKey,
        CRASH_OWNER_ID: harness.userId,
        CRASH_SESSION_ID: session.session_id,
        CRASH_DATASET_ID: harness.karateId,
        CRASH_START_REQUEST_ID: randomUUID(),
      },
    });
    const report: { run_id: string; pid: number } = JSON.parse(
      await child.waitForLine({ match: (line) => line.startsWith("{"), timeoutMs: 60_000 }),
    );
    const runId = report.run_id;
    // Between tools: the load finished and was saved; the model is thinking.
    const between = await waitFor(
      () => harness.snapshot(runId),
      (snapshot) =>
        snapshot.tool_calls.some(
          (call: { tool_call_id: string; status: string }) =>
            call.tool_call_id === "load" && call.status === "succeeded",
        ),
      30_000,
    );
    expect(between.run_status).toBe("running");
    expect(report.pid).toBe(child.pid);
    // This process never ran the run: it follows the child's events live from PostgreSQL.
    const followed = harness.events(runId);
    const killedAt = Date.now();
    process.kill(child.pid, "SIGKILL");
    await waitForZombie({ pid: child.pid, timeoutMs: 10_000 });
    // The child may or may not have asked the model its second question before it died; a
    // request it wrote just before may still be arriving (the fake server records a request
    // once its body is read), so the count is taken a moment after the child is gone.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const modelRequestsAtKill = llm.requests.length;
    expect(() => process.kill(report.pid, 0)).not.toThrow();

    // Before the restart's reconciliation the run still holds the session.
    expect((await harness.session(session.session_id)).can_send).toBe(false);
    // The restart comes a while after the kill; the run's time must not count that while.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    // The restart: its start-up reconciliation reads the zombie's state at once; the heartbeat
    // (seconds old) would not have told for another minute.
    const reconciled = await reconcileRuns();
    expect(reconciled.interruptedRunIds).toContain(runId);

    const after = await harness.snapshot(runId);
    expect(after).toMatchObject({
      run_status: "interrupted",
      terminal_persisted: true,
      execution_stopped: true,
      can_send: true,
    });
    expect(after.tool_calls).toContainEqual(
      expect.objectContaining({ tool_call_id: "load", status: "succeeded", success: true }),
    );
    expect(after.messages.map((message: { role: string }) => message.role)).toEqual(["user"]);
    // Its time ends at its last sign of work, before the kill, not when the restart found it.
    const row = await (await getDb()).run.findUniqueOrThrow({ where: { id: runId } });
    const aliveSeconds = (killedAt - (row.startedAt ?? row.createdAt).getTime()) / 1000;
    expect(after.usage.seconds).toBeGreaterThan(0);
    expect(after.usage.seconds).toBeLessThanOrEqual(aliveSeconds + 0.25);
    // The follower got what the dead executor persisted, then the sweep's end, without a gap.
    const seen = await followed;
    expect(seen.map((event) => event.seq)).toEqual(seen.map((_, index) => index));
    expect(seen[0]?.type).toBe("run_started");
    expect(seen.some((event) => event.type === "tool_started")).toBe(true);
    expect(seen.at(-1)).toMatchObject({ type: "run_error", code: "INTERRUPTED" });
    // Nothing was resumed: the reconciler asked the model nothing more.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(llm.requests).toHaveLength(modelRequestsAtKill);
    const next = await harness.startRun(session.session_id, "rank the nodes by pagerank", {
      model: "local-rules",
    });
    expect(next.status).toBe(202);
    const events = await harness.events(next.body.run_id);
    expect(events.at(-1)?.type).toBe("run_completed");
  }, 90_000);

  it("a database write that fails once is retried from the staged file: one copy of the run", async () => {
    const session = await createSession({ ownerId: harness.userId, projectId: harness.projectId });
    const started = await harness.startRun(session.session_id, "Clear the graph", {
      model: "local-rules",
    });
    const first = await harness.events(started.body.run_id);
    expect(first.at(-1)?.type).toBe("run_paused");
    const paused = await harness.snapshot(started.body.run_id);
    armPersistenceFault(started.body.run_id, 1);
    await harness.decide(started.body.run_id, {
      tool_call_id: paused.pending_approval.tool_call_id,
      tool_name: "clear_graph",
      decision: "approve",
    });
    const continued = await harness.events(started.body.run_id, first.at(-1)?.seq ?? -1);
    expect(continued.at(-1)?.type).toBe("run_completed");
    const done = await harness.snapshot(started.body.run_id);
    expect(done).toMatchObject({ run_status: "completed", terminal_persisted: true });
    const assistant = done.messages.filter(
      (message: { role: string }) => message.role === "assistant",
    );
    expect(assistant).toHaveLength(1);
    const sessionView = await harness.session(session.session_id);
    expect(sessionView.runs).toHaveLength(1);
    expect(
      done.tool_calls.filter((call: { tool_name: string }) => call.tool_name === "clear_graph"),
    ).toHaveLength(1);
    // The staged copy is gone once the read-back agreed.
    expect((await listStagedRunStates()).map((state) => state.runId)).not.toContain(
      started.body.run_id,
    );
  });

  it("at start-up, a staged final state that never reached the database is saved (merge only)", async () => {
    const session = await createSession({ ownerId: harness.userId, projectId: harness.projectId });
    const startRequestId = randomUUID();
    const admitted = await admitRun({
      ownerId: harness.userId,
      sessionId: session.session_id,
      projectId: harness.projectId,
      startRequestId,
      fingerprint: "f",
      options: {},
      attachments: [],
      modelName: "local-rules",
      messageParts: [{ type: "text", text: "how many nodes?" }],
      executorId: "gone-host:1:dead",
    });
    if (admitted.kind !== "created") throw new Error("not admitted");
    const runId = admitted.run.id;
    await updateRunStatus({ runId, runStatus: "running" });
    const now = new Date().toISOString();
    const staged: StagedRunState = {
      version: 1,
      runId,
      ownerId: harness.userId,
      sessionId: session.session_id,
      startRequestId,
      generation: 1,
      status: "completed",
      answer: "The graph has 34 nodes.",
      errorCode: null,
      errorMessage: null,
      toolCalls: [
        {
          toolCallId: "info",
          toolName: "get_graph_info",
          args: {},
          status: "succeeded",
          envelope: { success: true, status: "completed", data: { nodes: 34 } },
          startedAt: now,
          finishedAt: now,
          durationMs: 3,
          executionGeneration: 1,
          turnIndex: 0,
          batchIndex: 0,
          summary: "34 nodes",
        },
      ],
      pendingApproval: null,
      checkpoint: null,
      lastEventSeq: 5,
      stagedAt: now,
    };
    await stageRunState(staged);
    const reconciled = await reconcileRuns();
    expect(reconciled.repaired).toBeGreaterThanOrEqual(1);
    const saved = await harness.snapshot(runId);
    expect(saved).toMatchObject({
      run_status: "completed",
      terminal_persisted: true,
      can_send: true,
    });
    expect(saved.tool_calls).toEqual([
      expect.objectContaining({ tool_call_id: "info", status: "succeeded" }),
    ]);
    expect(saved.messages.at(-1).parts[0].text).toBe("The graph has 34 nodes.");
    // The same staged state applied again (a repair that raced a late write) adds no copy.
    await stageRunState(staged);
    await reconcileRuns();
    const again = await harness.snapshot(runId);
    expect(again.tool_calls).toHaveLength(1);
    expect(
      again.messages.filter((message: { role: string }) => message.role === "assistant"),
    ).toHaveLength(1);
  });
});
