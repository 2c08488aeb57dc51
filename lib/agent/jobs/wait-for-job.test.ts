import { describe, expect, it } from "vitest";
import type { JobProgressUpdate } from "./job-status-source";
import { scriptedJobStatusSource, statusAnswer } from "./testing/scripted-job-status-source";
import { waitForJob } from "./wait-for-job";

function wait(
  replies: Parameters<typeof scriptedJobStatusSource>[0],
  signal = new AbortController().signal,
) {
  const script = scriptedJobStatusSource(replies);
  const progress: JobProgressUpdate[] = [];
  const done = waitForJob({
    jobId: "job-1",
    toolName: "construct_graph",
    readStatus: script.source,
    onProgress: (update) => progress.push(update),
    signal,
    pollIntervalMs: 1,
  });
  return { done, progress, requests: script.requests };
}

const transportDown = {
  ok: false as const,
  transient: true,
  code: "TOOL_TRANSPORT_ERROR" as const,
  message: "socket hang up",
};

describe("waitForJob (JOB-1…JOB-3)", () => {
  it("polls with the cursor, relays every row once, and ends with the job's real result", async () => {
    const { done, progress, requests } = wait([
      statusAnswer({ jobId: "job-1", status: "queued" }),
      statusAnswer({ jobId: "job-1", status: "running", seqs: [1, 2] }),
      statusAnswer({ jobId: "job-1", status: "running", cursor: 2 }),
      statusAnswer({ jobId: "job-1", status: "done", seqs: [3], result: { revision: 4 } }),
    ]);
    const envelope = await done;
    expect(envelope).toMatchObject({
      success: true,
      async: false,
      job_id: "job-1",
      data: { revision: 4 },
    });
    expect(progress.map((row) => row.progressSeq)).toEqual([1, 2, 3]);
    expect(requests.map((request) => request.afterSeq)).toEqual([0, 0, 2, 2]);
  });

  it("makes a result's own one-line summary the call's message, else names the job", async () => {
    const summary = "gcn → club: test accuracy 0.875; node-identity one-hot (default)";
    const described = wait([
      statusAnswer({ jobId: "job-1", status: "done", result: { model_id: "m1", summary } }),
    ]);
    expect(await described.done).toMatchObject({ success: true, message: summary });
    const plain = wait([statusAnswer({ jobId: "job-1", status: "done", result: { summary: 3 } })]);
    expect((await plain.done).message).toBe("construct_graph finished in job job-1.");
  });

  it("drains the remaining pages of a finished job before delivering its result", async () => {
    const { done, progress, requests } = wait([
      statusAnswer({ jobId: "job-1", status: "done", seqs: [1, 2], hasMore: true, result: 1 }),
      statusAnswer({ jobId: "job-1", status: "done", seqs: [3, 4], hasMore: true, result: 1 }),
      statusAnswer({ jobId: "job-1", status: "done", seqs: [5], result: 1 }),
    ]);
    expect((await done).success).toBe(true);
    expect(progress.map((row) => row.progressSeq)).toEqual([1, 2, 3, 4, 5]);
    expect(requests.map((request) => request.afterSeq)).toEqual([0, 2, 4]);
  });

  it("follows a hand-off to the child job with its cursor reset to 0", async () => {
    const { done, progress, requests } = wait([
      statusAnswer({ jobId: "job-1", status: "done", seqs: [1, 2], childJobId: "job-2" }),
      statusAnswer({ jobId: "job-2", status: "running", seqs: [1] }),
      statusAnswer({ jobId: "job-2", status: "done", seqs: [2], result: { from: "child" } }),
    ]);
    expect(await done).toMatchObject({ success: true, job_id: "job-2", data: { from: "child" } });
    expect(requests).toEqual([
      { jobId: "job-1", afterSeq: 0 },
      { jobId: "job-2", afterSeq: 0 },
      { jobId: "job-2", afterSeq: 1 },
    ]);
    expect(progress.map((row) => `${row.jobId}:${row.progressSeq}`)).toEqual([
      "job-1:1",
      "job-1:2",
      "job-2:1",
      "job-2:2",
    ]);
  });

  it("refuses a hand-off cycle and an empty child id", async () => {
    const cycle = wait([
      statusAnswer({ jobId: "job-1", status: "done", childJobId: "job-2" }),
      statusAnswer({ jobId: "job-2", status: "done", childJobId: "job-1" }),
    ]);
    expect(await cycle.done).toMatchObject({
      success: false,
      error_code: "JOB_PROTOCOL_ERROR",
      message: expect.stringContaining("cycle"),
    });
    const empty = wait([statusAnswer({ jobId: "job-1", status: "done", childJobId: "" })]);
    expect(await empty.done).toMatchObject({
      success: false,
      error_code: "JOB_PROTOCOL_ERROR",
      message: expect.stringContaining("empty id"),
    });
  });

  it("refuses an answer about another job, an illegal status and seqs that do not increase", async () => {
    const otherJob = wait([statusAnswer({ jobId: "job-9", status: "running" })]);
    expect((await otherJob.done).error_code).toBe("JOB_PROTOCOL_ERROR");
    const illegal = wait([statusAnswer({ jobId: "job-1", status: "finished" })]);
    expect((await illegal.done).error_code).toBe("JOB_PROTOCOL_ERROR");
    const repeated = wait([
      statusAnswer({ jobId: "job-1", status: "running", seqs: [1, 2] }),
      statusAnswer({ jobId: "job-1", status: "running", seqs: [2, 3] }),
    ]);
    expect(await repeated.done).toMatchObject({
      error_code: "JOB_PROTOCOL_ERROR",
      message: expect.stringContaining("seq 2 does not follow 2"),
    });
    expect(repeated.progress.map((row) => row.progressSeq)).toEqual([1, 2]);
  });

  it("answers RESULT_UNAVAILABLE for done without a result", async () => {
    const { done } = wait([statusAnswer({ jobId: "job-1", status: "done", seqs: [1] })]);
    expect(await done).toMatchObject({ success: false, error_code: "RESULT_UNAVAILABLE" });
  });

  it("ends failed and cancelled jobs as success:false with JOB_FAILED / JOB_CANCELLED", async () => {
    const failed = wait([
      statusAnswer({
        jobId: "job-1",
        status: "failed",
        error: { code: "JOB_FAILED", message: "disk on fire" },
      }),
    ]);
    expect(await failed.done).toMatchObject({
      success: false,
      status: "failed",
      error_code: "JOB_FAILED",
      message: "disk on fire",
    });
    const cancelled = wait([statusAnswer({ jobId: "job-1", status: "cancelled" })]);
    expect(await cancelled.done).toMatchObject({
      success: false,
      status: "cancelled",
      error_code: "JOB_CANCELLED",
    });
  });

  it("retries a transport failure with the same cursor, at most 3 attempts, never more", async () => {
    const recovered = wait([
      statusAnswer({ jobId: "job-1", status: "running", seqs: [1] }),
      transportDown,
      transportDown,
      statusAnswer({ jobId: "job-1", status: "done", seqs: [2], result: true }),
    ]);
    expect((await recovered.done).success).toBe(true);
    expect(recovered.requests.map((request) => request.afterSeq)).toEqual([0, 1, 1, 1]);

    const gone = wait([transportDown, transportDown, transportDown, transportDown]);
    expect(await gone.done).toMatchObject({ success: false, error_code: "TOOL_TRANSPORT_ERROR" });
    expect(gone.requests).toHaveLength(3);
  });

  it("does not retry a business failure of the read", async () => {
    const { done, requests } = wait([
      { ok: false, transient: false, code: "NOT_FOUND", message: "Job not found" },
    ]);
    expect(await done).toMatchObject({ success: false, error_code: "NOT_FOUND" });
    expect(requests).toHaveLength(1);
  });

  it("stops waiting as cancelled as soon as the run's signal aborts", async () => {
    const controller = new AbortController();
    const running = () => statusAnswer({ jobId: "job-1", status: "running" });
    const { done } = wait(
      Array.from({ length: 10_000 }, () => () => {
        controller.abort();
        return running();
      }),
      controller.signal,
    );
    expect(await done).toMatchObject({
      success: false,
      status: "cancelled",
      error_code: "JOB_CANCELLED",
    });
  });
});
