import "server-only";
import { interruptAbandonedRuns } from "@/lib/db/queries/run-reconciliation";
import { getEnv } from "@/lib/env";
import { processRegistry } from "@/lib/process/process-registry";
import { executorId } from "../../process/executor-id";
import { isExecutorGone } from "../../process/executor-liveness";
import { settlePendingStops } from "../cancel/stop-run-jobs";

const registry = processRegistry<{ timer?: NodeJS.Timeout; sweeping?: boolean }>(
  "__workbenchRunSweep",
);

/**
 * Marks runs of other executors as `interrupted` when the process table proves their executor
 * exited, or when their heartbeat is older than RUN_HEARTBEAT_STALE_SECONDS — even if that pid
 * lives on, since a process that stopped heartbeating is no longer driving the run (PS-4). This
 * process's own runs are never touched: its executors are alive by definition. Then stops that
 * wait for their jobs — of the runs just interrupted, or saved earlier while a job still ran —
 * are confirmed once nothing of the run executes (RC-6), never because time passed.
 */
export async function sweepAbandonedRuns() {
  const interrupted = await interruptAbandonedRuns({
    executorId: executorId(),
    staleAfterMs: getEnv().RUN_HEARTBEAT_STALE_SECONDS * 1000,
    isExecutorGone: (id) => isExecutorGone({ executorId: id }),
  });
  const stopsConfirmed = await settlePendingStops();
  return { ...interrupted, stopsConfirmed };
}

/**
 * Starts this process's periodic sweep (once per process, whatever `next dev` reloads), so an
 * executor that dies after start-up — in any process, killed or wedged — never keeps its session
 * busy past the heartbeat limit plus one interval. The timer does not hold the process open.
 */
export function startRunSweep(input: { intervalMs?: number } = {}): void {
  if (registry.timer) return;
  const intervalMs = input.intervalMs ?? getEnv().RUN_SWEEP_INTERVAL_SECONDS * 1000;
  registry.timer = setInterval(() => void sweepOnce(), intervalMs);
  registry.timer.unref();
}

/** Stops the periodic sweep (tests, shutdown). */
export function stopRunSweep(): void {
  if (registry.timer) clearInterval(registry.timer);
  registry.timer = undefined;
}

// One sweep at a time: with the database slow or down, ticks are skipped rather than piled up,
// and a failure is one log line; the next tick tries again.
async function sweepOnce(): Promise<void> {
  if (registry.sweeping) return;
  registry.sweeping = true;
  try {
    const { runIds, stopsConfirmed } = await sweepAbandonedRuns();
    if (runIds.length > 0) {
      console.info(
        `workbench: ${runIds.length} abandoned run(s) interrupted: ${runIds.join(", ")}`,
      );
    }
    if (stopsConfirmed.length > 0) {
      console.info(`workbench: stop confirmed, every job exited: ${stopsConfirmed.join(", ")}`);
    }
  } catch (error) {
    console.warn(`workbench: run sweep skipped (${firstLine(error)}); retrying next interval`);
  } finally {
    registry.sweeping = false;
  }
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // Prisma messages span many lines; the first says what failed.
  return message.split("\n").find((line) => line.trim() !== "") ?? "unknown error";
}
