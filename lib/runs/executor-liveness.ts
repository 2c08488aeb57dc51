import os from "node:os";

/**
 * Liveness evidence beyond the heartbeat (PS-4): an executor id is `host:pid:nonce`; on the same
 * host, a pid that no longer exists proves the executor is gone (a SIGKILLed server). A live pid
 * proves nothing (pids are reused), so the heartbeat rule still applies to it.
 */
export function isExecutorGone(executorId: string): boolean {
  const [host, pidText] = executorId.split(":");
  const pid = Number(pidText);
  if (host !== os.hostname() || !Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}
