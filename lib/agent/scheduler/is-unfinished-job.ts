import type { ToolEnvelope } from "@/lib/contracts/tool-envelope";

// Statuses under which an async envelope already carries the job's final result (the runtime's
// job waiter may hand back the finished job with `async: true` still set).
const finishedJobStatuses: ReadonlySet<string> = new Set(["completed", "succeeded"]);

/**
 * True when a successful envelope is only a handle to a job that has not finished (`async` with
 * a status like `queued` / `running`). Its dependants must not run on it (DAG-4): the resource
 * it writes is not there yet.
 */
export function isUnfinishedJob(input: { envelope: ToolEnvelope }): boolean {
  const { envelope } = input;
  return envelope.success && envelope.async === true && !finishedJobStatuses.has(envelope.status);
}
