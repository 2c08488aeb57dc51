import "server-only";
import { processRegistry } from "@/lib/process/process-registry";
import type { JsonObject, JsonValue } from "./json-value";

/** What a handler knows about the job it runs (the persisted record, never another process's memory). */
export type RunningJob = {
  id: string;
  kind: string;
  ownerId: string;
  projectId: string;
  sessionId: string | null;
  runId: string | null;
  executionGeneration: number | null;
  parentJobId: string | null;
  toolCallId: string | null;
  attempt: number;
};

/** One progress report; `pct` is 0–100. */
export type JobProgressReport = { stage: string; pct: number; message?: string };

/** What a handler is given. */
export type JobHandlerContext = {
  job: RunningJob;
  input: JsonObject;
  /** Appends a progress row (its own seq per job, JOB-2); resolves once it is written. */
  reportProgress: (report: JobProgressReport) => Promise<void>;
  /** Aborts when the job (or an ancestor) is cancelled, its phase is superseded or the worker stops. */
  signal: AbortSignal;
  /**
   * Enqueues a child job (same owner, project, run and generation). With `handOff`, this job's
   * status names the child as the one that carries the final result (JOB-3).
   */
  spawnChild: (input: { kind: string; input: JsonObject; handOff?: boolean }) => Promise<{
    jobId: string;
  }>;
};

/** A job kind's code; its return value is the job's result (null = none). */
export type JobHandler = (context: JobHandlerContext) => Promise<JsonValue | undefined>;

/** A registered kind and how it is dispatched. */
export type JobKind = {
  kind: string;
  handler: JobHandler;
  /**
   * Whether the sweep may run it again when its worker died before it wrote anything visible
   * (no progress, child or result). Off for work with effects outside our tables.
   */
  retryWhenLostBeforeWriting: boolean;
};

const registry = processRegistry<{ kinds?: Map<string, JobKind> }>("__workbenchJobKinds");

function kinds(): Map<string, JobKind> {
  registry.kinds ??= new Map();
  return registry.kinds;
}

/** Registers (or, on a dev reload, replaces) the handler of a job kind in this process. */
export function registerJobHandler(input: {
  kind: string;
  handler: JobHandler;
  retryWhenLostBeforeWriting?: boolean;
}): void {
  kinds().set(input.kind, {
    kind: input.kind,
    handler: input.handler,
    retryWhenLostBeforeWriting: input.retryWhenLostBeforeWriting ?? true,
  });
}

/** The registered kind, or undefined when this process cannot run it. */
export function getJobKind(input: { kind: string }): JobKind | undefined {
  return kinds().get(input.kind);
}
