import os from "node:os";
import { parseExecutorId } from "./executor-id";
import { hasExited, readProcessStat } from "./process-stat";

/**
 * What the process table says about an executor: `gone` is proof it has exited, `alive` that
 * the very process (same pid, same start time) still runs, `unknown` that only the heartbeat
 * can tell (another host, an id without a start time whose pid is in use, no /proc).
 */
export type ExecutorLiveness = "gone" | "alive" | "unknown";

/**
 * Liveness evidence beyond the heartbeat (PS-4). It never relies on the OS reaping: on these
 * machines a SIGKILLed server stays a zombie, and `kill(pid, 0)` succeeds on a zombie, so the
 * process state is read instead; a pid reused by a later process has another start time.
 */
export function executorLiveness(input: { executorId: string }): ExecutorLiveness {
  const parsed = parseExecutorId({ executorId: input.executorId });
  if (!parsed || parsed.host !== os.hostname()) return "unknown";
  const read = readProcessStat({ pid: parsed.pid });
  if (read.kind === "absent") return "gone";
  if (read.kind === "unknown") return "unknown";
  // Whoever holds the pid now has exited: the executor (which would hold it if it ran) is gone.
  if (hasExited(read.stat)) return "gone";
  if (parsed.startTicks === null) return "unknown";
  return read.stat.startTicks === parsed.startTicks ? "alive" : "gone";
}

/** Whether the process table proves an executor has exited (a zombie or a reused pid counts). */
export function isExecutorGone(input: { executorId: string }): boolean {
  return executorLiveness(input) === "gone";
}
