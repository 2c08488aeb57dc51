import "server-only";
import type { ResolvedLanguageModel } from "@/lib/agent/models/providers/resolve-language-model";
import { isRunStopRequested, touchRunHeartbeat } from "@/lib/db/queries/runs";
import { processRegistry } from "@/lib/process/process-registry";
import { executorId } from "../../process/executor-id";
import { runEventLog } from "../events/run-event-log";
import { executeRunPhase } from "../phase/execute-run-phase";

/** How often a running run proves its executor is alive. */
export const runHeartbeatMs = 20_000;
/**
 * How often an executor looks for a stop asked through another process. A stop sent to this
 * process aborts the run scope at once; this only bounds the multi-process case.
 */
const stopPollMs = 2_000;

type LiveRun = { scope: AbortController; ownerId: string };

const registry = processRegistry<{ scopes?: Map<string, LiveRun> }>("__workbenchRunScopes");

/**
 * The abort controller of a run executing in this process (the run scope's root, RC-5), only
 * for its owner: a stop sent while the database is down is checked here instead.
 */
export function runScope(runId: string, ownerId: string): AbortController | undefined {
  const live = registry.scopes?.get(runId);
  return live?.ownerId === ownerId ? live.scope : undefined;
}

/**
 * Starts a run phase in the background: the HTTP request that admitted it (or decided its
 * approval) returns at once, and the browser follows the run through its event stream (EV-1).
 * A continued phase numbers its events on from the previous phase's last seq (EV-2). `model` is
 * the run's model as the admission resolved it, so a first phase does not resolve it again.
 */
export function launchRun(input: {
  runId: string;
  ownerId: string;
  lastEventSeq?: number;
  model?: ResolvedLanguageModel;
}): void {
  registry.scopes ??= new Map();
  const scope = new AbortController();
  const live = { scope, ownerId: input.ownerId };
  registry.scopes.set(input.runId, live);
  const log =
    runEventLog(input.runId) ??
    runEventLog(input.runId, { create: true, firstSeq: (input.lastEventSeq ?? -1) + 1 });
  if (!log) throw new Error("could not create the run's event log");
  log.reopen();
  // Liveness evidence for the start-up reconciler of another process (PS-4).
  const heartbeat = setInterval(() => {
    touchRunHeartbeat({ runId: input.runId, executorId: executorId() }).catch(() => {});
  }, runHeartbeatMs);
  heartbeat.unref();
  const stopPoll = setInterval(() => {
    if (scope.signal.aborted) return;
    isRunStopRequested(input.runId)
      .then((asked) => {
        if (asked) scope.abort();
      })
      .catch(() => {});
  }, stopPollMs);
  stopPoll.unref();
  void executeRunPhase({
    runId: input.runId,
    ownerId: input.ownerId,
    log,
    scope,
    model: input.model,
  })
    .catch((error) => console.error(`run ${input.runId}: executor crashed:`, error))
    .finally(() => {
      clearInterval(heartbeat);
      clearInterval(stopPoll);
      if (registry.scopes?.get(input.runId) === live) registry.scopes.delete(input.runId);
    });
}
