import { randomUUID } from "node:crypto";
import { getDb } from "@/lib/db/client";
import { insertUser } from "@/lib/db/queries/users";
import { type JobHandler, registerJobHandler } from "@/lib/jobs/job-kind-registry";
import { readJobStatus } from "@/lib/jobs/read-job-status";

/** A user with a project, a session and a run (generation 1), for job tests. */
export async function createJobOwner(label: string) {
  const db = await getDb();
  const user = await insertUser({
    email: `${label}-${randomUUID()}@test.local`,
    displayName: label,
  });
  const project = await db.project.create({ data: { ownerId: user.id, name: `${label} jobs` } });
  const session = await db.session.create({
    data: { ownerId: user.id, projectId: project.id, title: "jobs" },
  });
  const run = await db.run.create({
    data: {
      ownerId: user.id,
      projectId: project.id,
      sessionId: session.id,
      startRequestId: randomUUID(),
      requestFingerprint: "job-test",
    },
  });
  return { ownerId: user.id, projectId: project.id, sessionId: session.id, runId: run.id };
}

/** Polls a job's status until `done(status)` holds or the time is up. */
export async function waitForJob(input: {
  ownerId: string;
  jobId: string;
  until: (status: Awaited<ReturnType<typeof readJobStatus>>) => boolean;
  timeoutMs?: number;
}) {
  const deadline = Date.now() + (input.timeoutMs ?? 15_000);
  for (;;) {
    const status = await readJobStatus({ ownerId: input.ownerId, jobId: input.jobId });
    if (input.until(status)) return status;
    if (Date.now() > deadline) {
      throw new Error(`job ${input.jobId} still ${status.status} after the wait`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Reads every progress page from the start, `limit` rows at a time. */
export async function readAllProgress(input: { ownerId: string; jobId: string; limit: number }) {
  const seqs: number[] = [];
  let cursor = 0;
  let pages = 0;
  for (;;) {
    const page = await readJobStatus({ ...input, afterSeq: cursor });
    pages++;
    seqs.push(...page.progress.map((row) => row.seq));
    cursor = page.progress_cursor;
    if (!page.progress_has_more) return { seqs, pages };
  }
}

/** The kind name under which `registerCancelIgnoringJobKind` registers its handler. */
export const cancelIgnoringJobKind = "test.ignores-cancel";

/**
 * A job handler that does not stop when cancelled: once its signal aborts it keeps executing
 * until the test calls `release()` — a handler stuck in a long computation, or one that never
 * checks its signal. `started` and `signalled` resolve when it began and when its cancel reached
 * it; `exitedAt` is set the moment it returns.
 */
export function cancelIgnoringJobHandler() {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let markStarted: () => void = () => {};
  const started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });
  let markSignalled: () => void = () => {};
  const signalled = new Promise<void>((resolve) => {
    markSignalled = resolve;
  });
  const state = {
    started,
    signalled,
    release: () => release(),
    exitedAt: null as number | null,
    handler: (async ({ signal }) => {
      markStarted();
      await new Promise((resolve) => {
        if (signal.aborted) resolve(undefined);
        signal.addEventListener("abort", resolve, { once: true });
      });
      markSignalled();
      await released;
      state.exitedAt = Date.now();
      throw signal.reason;
    }) as JobHandler,
  };
  return state;
}

/** Registers a fresh cancel-ignoring handler under `cancelIgnoringJobKind` and returns it. */
export function registerCancelIgnoringJobKind() {
  const held = cancelIgnoringJobHandler();
  registerJobHandler({
    kind: cancelIgnoringJobKind,
    handler: held.handler,
    retryWhenLostBeforeWriting: false,
  });
  return held;
}
