import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rerunSchema } from "@/lib/contracts/rerun";
import { closeJobQueue } from "@/lib/jobs/job-queue";
import { driveRerun, rerunTurnStartRequestId } from "@/lib/runs/rerun/drive-rerun";
import { getRerun } from "@/lib/runs/rerun/get-rerun";
import { startRerun } from "@/lib/runs/rerun/start-rerun";
import { waitForRunEnd } from "@/lib/runs/rerun/wait-for-run-end";
import { startRun } from "@/lib/runs/start/start-run";
import { startRunBodySchema } from "@/lib/runs/start/start-run-body-schema";
import { seedKarateSession } from "../support/karate-session";
import { updateRunStatus } from "../support/run-rows";

// A server killed in the middle of a re-run leaves the turn it was asking with a run that the
// restart marks interrupted, and the re-run's job queued again. The resumed re-run must ask that
// turn again rather than compare a cut-off answer with the original one.
const question = "Which nodes have the highest PageRank?";
let seeded: Awaited<ReturnType<typeof seedKarateSession>>;

async function askAndWait(input: {
  sessionId: string;
  startRequestId: string;
  options?: { model: string };
}) {
  const started = await startRun({
    ownerId: seeded.userId,
    sessionId: input.sessionId,
    body: startRunBodySchema.parse({
      start_request_id: input.startRequestId,
      message: question,
      attachments: [seeded.datasetId],
      options: input.options,
    }),
  });
  const runId = started.run.run_id;
  await waitForRunEnd({ ownerId: seeded.userId, runId, signal: new AbortController().signal });
  return runId;
}

beforeAll(async () => {
  seeded = await seedKarateSession({ label: "rerun-crash" });
  await askAndWait({ sessionId: seeded.sessionId, startRequestId: "original-question-1" });
}, 120_000);

afterAll(async () => {
  await closeJobQueue();
});

describe("a re-run resumed after its process died", () => {
  it("asks the interrupted turn again and compares the new, whole answer", async () => {
    // No worker runs here: the re-run stays queued, as after a crash, until driven below.
    const { rerun } = await startRerun({
      ownerId: seeded.userId,
      sessionId: seeded.sessionId,
      body: { start_request_id: "rerun-after-crash-1" },
    });
    // What the killed attempt left: the turn's run, interrupted by the restart with half an answer.
    const lostRunId = await askAndWait({
      sessionId: rerun.session_id,
      startRequestId: rerunTurnStartRequestId({ rerunId: rerun.rerun_id, index: 0 }),
      options: { model: "local-rules" },
    });
    await updateRunStatus({
      runId: lostRunId,
      runStatus: "interrupted",
      finalText: "",
      partialText: "n33 has",
      errorCode: "INTERRUPTED",
      errorMessage: "The server stopped while this run was working.",
      finished: true,
      terminalPersisted: true,
      executionStopped: true,
    });

    await driveRerun({
      ownerId: seeded.userId,
      rerunId: rerun.rerun_id,
      signal: new AbortController().signal,
    });

    const done = rerunSchema.parse(
      await getRerun({ ownerId: seeded.userId, rerunId: rerun.rerun_id }),
    );
    expect(done.status).toBe("done");
    const [turn] = done.turns;
    expect(turn.after?.run_id).not.toBe(lostRunId);
    expect(turn.after?.run_status).toBe("completed");
    // The same data (revision 1) asked again: the same leader, so nothing changed.
    expect(turn.after?.entities[0]).toBe(turn.before.entities[0]);
    expect(turn.changed).toBe(false);
  }, 120_000);
});
