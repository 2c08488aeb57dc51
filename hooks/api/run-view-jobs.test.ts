import { describe, expect, it } from "vitest";
import type { RunEvent } from "@/lib/contracts/run-event";
import type { RunSnapshot } from "@/lib/contracts/run-snapshot";
import { applyRunSnapshot } from "./apply-run-snapshot";
import { runJobFixture, runSnapshotFixture } from "./run-snapshot-fixture";
import { applyRunEvent, initialRunView } from "./run-view";

const envelope = { run_id: "r1", execution_generation: 1 };

const progress = (seq: number, progressSeq: number, pct: number): RunEvent => ({
  type: "job_progress",
  seq,
  job_id: "j1",
  progress_seq: progressSeq,
  stage: "parsing",
  pct,
  message: `row ${progressSeq}`,
  tool_call_id: "build",
  ...envelope,
});

const snapshot = (jobs: RunSnapshot["jobs"]): RunSnapshot =>
  runSnapshotFixture({
    run_status: "running",
    execution_stopped: false,
    terminal_persisted: false,
    revision: 1,
    can_send: false,
    jobs,
  });

describe("run view: job progress", () => {
  it("keeps each job's newest row, on the card of the call that started it", () => {
    let view = initialRunView("r1");
    for (const event of [progress(0, 1, 10), progress(1, 2, 40)]) {
      view = applyRunEvent(view, event);
    }
    expect(view.jobs).toEqual([
      expect.objectContaining({ jobId: "j1", toolCallId: "build", progressSeq: 2, pct: 40 }),
    ]);
  });

  it("rebuilds the bar from the snapshot after a refresh, without taking back newer events", () => {
    const refreshed = applyRunSnapshot(
      initialRunView("r1"),
      snapshot([
        runJobFixture({
          job_id: "j1",
          kind: "construct_graph",
          status: "running",
          tool_call_id: "build",
          last_progress: { seq: 3, stage: "saving", pct: 85, message: "Saving" },
        }),
      ]),
    );
    expect(refreshed.jobs).toEqual([
      expect.objectContaining({ toolCallId: "build", stage: "saving", pct: 85, status: "running" }),
    ]);

    const ahead = applyRunEvent(initialRunView("r1"), progress(5, 4, 95));
    const merged = applyRunSnapshot(
      ahead,
      snapshot([
        runJobFixture({
          job_id: "j1",
          kind: "construct_graph",
          status: "running",
          tool_call_id: "build",
          last_progress: { seq: 3, stage: "saving", pct: 85, message: "Saving" },
        }),
      ]),
    );
    expect(merged.jobs[0]).toMatchObject({ progressSeq: 4, pct: 95, status: "running" });
  });
});
