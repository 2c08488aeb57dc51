import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as sessionRoute from "@/app/api/sessions/[session_id]/route";
import { createProject } from "@/lib/backend/projects/create-project";
import { createSession } from "@/lib/backend/sessions/create-session";
import { admitRun } from "@/lib/db/queries/run-admission";
import { interruptAbandonedRuns } from "@/lib/db/queries/run-reconciliation";
import { updateRunStatus } from "@/lib/db/queries/runs";
import { insertUser } from "@/lib/db/queries/users";
import { actingAs, routeContext } from "../support/route-request";

let userId: string;
let projectId: string;

beforeAll(async () => {
  userId = (await insertUser({ email: `rc-${randomUUID()}@test.local`, displayName: "rc" })).id;
  projectId = (await createProject({ ownerId: userId, name: "Reconciler" })).project_id;
});

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
});
