import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import os from "node:os";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as sessionRoute from "@/app/api/sessions/[session_id]/route";
import { interruptAbandonedRuns } from "@/lib/db/queries/run-reconciliation";
import { insertUser } from "@/lib/db/queries/users";
import { executorId as ownExecutorId } from "@/lib/process/executor-id";
import { executorLiveness } from "@/lib/process/executor-liveness";
import { readProcessStat } from "@/lib/process/process-stat";
import { createProject } from "@/lib/projects/create-project";
import { streamRunEvents } from "@/lib/runs/events/stream-run-events";
import { mergeRunFinalState } from "@/lib/runs/final-state/merge-run-final-state";
import { startRunSweep, stopRunSweep } from "@/lib/runs/final-state/run-sweep";
import { admitRun } from "@/lib/runs/start/admit-run";
import { createSession } from "@/lib/sessions/create-session";
import { actingAs, routeContext } from "../support/route-request";
import { readRunEvents } from "../support/run-events-client";
import { updateRunStatus } from "../support/run-rows";

let userId: string;
let projectId: string;

beforeAll(async () => {
  userId = (await insertUser({ email: `rc-${randomUUID()}@test.local`, displayName: "rc" })).id;
  projectId = (await createProject({ ownerId: userId, name: "Reconciler" })).project_id;
});

afterAll(() => stopRunSweep());

async function runIn(sessionId: string, executorId: string) {
  const admitted = await admitRun({
    ownerId: userId,
    sessionId,
    projectId,
    startRequestId: randomUUID(),
    fingerprint: "f",
    options: {},
    attachments: [],
    modelName: "local-rules",
    messageParts: [{ type: "text", text: "hello" }],
    executorId,
  });
  if (admitted.kind !== "created") throw new Error("not admitted");
  return admitted.run.id;
}

async function snapshot(sessionId: string) {
  const response = await sessionRoute.GET(
    new Request("http://x", { headers: actingAs(userId) }),
    routeContext({ session_id: sessionId }),
  );
  return response.json();
}

describe("start-up reconciliation of runs (PS-4)", () => {
  it("marks a run whose executor is gone as interrupted and frees its session", async () => {
    const session = await createSession({ ownerId: userId, projectId });
    const runId = await runIn(session.session_id, "dead-executor");
    await updateRunStatus({ runId, runStatus: "running", partialText: "Half an answer" });
    expect((await snapshot(session.session_id)).can_send).toBe(false);

    const { count } = await interruptAbandonedRuns({
      executorId: "live-executor",
      staleAfterMs: 0,
    });
    expect(count).toBeGreaterThanOrEqual(1);
    const after = await snapshot(session.session_id);
    expect(after.can_send).toBe(true);
    expect(after.runs[0]).toMatchObject({
      run_id: runId,
      run_status: "interrupted",
      terminal_persisted: true,
    });
    // Inputs and partial text are kept; the run is not resumed.
    expect(after.messages.map((message: { role: string }) => message.role)).toEqual(["user"]);
    // Its stream ends on any instance: the terminal event follows the events it persisted.
    const stream = await streamRunEvents({
      ownerId: userId,
      runId,
      afterSeq: -1,
      signal: new AbortController().signal,
    });
    expect(await readRunEvents(stream)).toEqual([
      {
        type: "run_error",
        code: "INTERRUPTED",
        message: expect.any(String),
        run_id: runId,
        seq: 0,
        execution_generation: 1,
      },
    ]);
    // A client whose cursor is that end's seq may have had another event under it, streamed by
    // the dead executor and never persisted (the load:cluster test saw it): it is sent to the
    // snapshot (410) rather than given a stream that ends without an end.
    await expect(
      streamRunEvents({
        ownerId: userId,
        runId,
        afterSeq: 0,
        signal: new AbortController().signal,
      }),
    ).rejects.toMatchObject({ code: "REPLAY_UNAVAILABLE" });

    // The executor was only frozen and now saves its final state: the interruption stands.
    const late = await mergeRunFinalState({
      version: 1,
      runId,
      ownerId: userId,
      sessionId: session.session_id,
      startRequestId: randomUUID(),
      generation: 1,
      status: "completed",
      answer: "A late answer",
      errorCode: null,
      errorMessage: null,
      toolCalls: [],
      pendingApproval: null,
      checkpoint: null,
      lastEventSeq: 5,
      stagedAt: new Date().toISOString(),
    });
    expect(late).toEqual({ outcome: "stale" });
    const afterLate = await snapshot(session.session_id);
    expect(afterLate.runs[0]).toMatchObject({ run_id: runId, run_status: "interrupted" });
    expect(afterLate.messages.map((message: { role: string }) => message.role)).toEqual(["user"]);
  });

  it("leaves this executor's runs, recently alive runs and paused runs alone", async () => {
    const own = await createSession({ ownerId: userId, projectId });
    const ownRun = await runIn(own.session_id, "live-executor");
    const alive = await createSession({ ownerId: userId, projectId });
    const aliveRun = await runIn(alive.session_id, "other-live-executor");
    const paused = await createSession({ ownerId: userId, projectId });
    const pausedRun = await runIn(paused.session_id, "dead-executor");
    await updateRunStatus({ runId: pausedRun, runStatus: "paused", terminalPersisted: true });

    await interruptAbandonedRuns({ executorId: "live-executor", staleAfterMs: 60_000 });
    expect((await snapshot(own.session_id)).runs[0]).toMatchObject({
      run_id: ownRun,
      run_status: "preparing",
    });
    expect((await snapshot(alive.session_id)).runs[0]).toMatchObject({
      run_id: aliveRun,
      run_status: "preparing",
    });
    expect((await snapshot(paused.session_id)).runs[0]).toMatchObject({
      run_id: pausedRun,
      run_status: "paused",
    });
  });

  it("the periodic sweep interrupts a run whose heartbeat stopped while its pid lives on", async () => {
    // Another live process on this host (same pid, same start time: the process table says
    // alive), whose executor stopped heartbeating ten minutes ago — wedged, not dead.
    const other = spawn("/bin/sleep", ["1000"], { stdio: "ignore" });
    await new Promise((resolve) => other.once("spawn", resolve));
    try {
      const stat = readProcessStat({ pid: other.pid as number });
      if (stat.kind !== "present") throw new Error("no stat for the other process");
      const wedged = `${os.hostname()}:${other.pid}:${stat.stat.startTicks}:0badbeef`;
      expect(executorLiveness({ executorId: wedged })).toBe("alive");

      const stuck = await createSession({ ownerId: userId, projectId });
      const stuckPreparing = await createSession({ ownerId: userId, projectId });
      const own = await createSession({ ownerId: userId, projectId });
      const fresh = await createSession({ ownerId: userId, projectId });
      // Admitted "ten minutes ago": the heartbeat written at admission is that old.
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() - 10 * 60_000 });
      let stuckRun: string;
      let preparingRun: string;
      let ownRun: string;
      try {
        stuckRun = await runIn(stuck.session_id, wedged);
        await updateRunStatus({ runId: stuckRun, runStatus: "running" });
        preparingRun = await runIn(stuckPreparing.session_id, wedged);
        ownRun = await runIn(own.session_id, ownExecutorId());
      } finally {
        vi.useRealTimers();
      }
      const freshRun = await runIn(fresh.session_id, wedged);

      startRunSweep({ intervalMs: 100 });
      let after = await snapshot(stuck.session_id);
      // Both wedged runs are swept, maybe in different passes on a busy machine: wait for both.
      let afterPreparing = await snapshot(stuckPreparing.session_id);
      for (
        let waited = 0;
        waited < 20_000 &&
        (after.runs[0].run_status === "running" ||
          afterPreparing.runs[0].run_status === "preparing");
      ) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        waited += 100;
        after = await snapshot(stuck.session_id);
        afterPreparing = await snapshot(stuckPreparing.session_id);
      }
      expect(after.runs[0]).toMatchObject({
        run_id: stuckRun,
        run_status: "interrupted",
        terminal_persisted: true,
      });
      expect(after.can_send).toBe(true);
      // A run that never got past `preparing` is swept the same way.
      expect(afterPreparing.runs[0]).toMatchObject({
        run_id: preparingRun,
        run_status: "interrupted",
        terminal_persisted: true,
      });
      // This process's own run is never swept, however old its heartbeat; a live executor with
      // a fresh heartbeat keeps its run.
      expect((await snapshot(own.session_id)).runs[0]).toMatchObject({
        run_id: ownRun,
        run_status: "preparing",
      });
      expect((await snapshot(fresh.session_id)).runs[0]).toMatchObject({
        run_id: freshRun,
        run_status: "preparing",
      });
      // The freed session admits a new run.
      const next = await admitRun({
        ownerId: userId,
        sessionId: stuck.session_id,
        projectId,
        startRequestId: randomUUID(),
        fingerprint: "f",
        options: {},
        attachments: [],
        modelName: "local-rules",
        messageParts: [{ type: "text", text: "again" }],
        executorId: ownExecutorId(),
      });
      expect(next.kind).toBe("created");
      // Leave no active run behind for the other tests' reconciliations.
      for (const runId of [ownRun, freshRun, next.kind === "created" ? next.run.id : ""]) {
        if (runId)
          await updateRunStatus({ runId, runStatus: "completed", terminalPersisted: true });
      }
    } finally {
      stopRunSweep();
      other.kill("SIGKILL");
    }
  });
});
