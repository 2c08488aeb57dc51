import { randomUUID } from "node:crypto";
import os from "node:os";
import { processRegistry } from "@/lib/process/process-registry";
import { readProcessStat } from "./process-stat";

const registry = processRegistry<{ id?: string }>("__workbenchExecutorId");

/**
 * This process's executor identity, recorded on the runs it executes (liveness, PS-4):
 * `host:pid:startTicks:nonce`. The start time (from /proc/self/stat) tells this process apart
 * from a later one that gets the same pid. Where it cannot be read, the id is the older
 * `host:pid:nonce`, which other processes judge by heartbeat (and a vanished pid) only.
 */
export function executorId(): string {
  if (registry.id) return registry.id;
  const self = readProcessStat({ self: true });
  const nonce = randomUUID().slice(0, 8);
  registry.id =
    self.kind === "present"
      ? `${os.hostname()}:${process.pid}:${self.stat.startTicks}:${nonce}`
      : `${os.hostname()}:${process.pid}:${nonce}`;
  return registry.id;
}

/** The parts of an executor id that liveness can check; null for ids in no known format. */
export type ParsedExecutorId = { host: string; pid: number; startTicks: string | null };

/**
 * Reads `host:pid:startTicks:nonce`, and the older `host:pid:nonce` (no start time) that runs
 * saved before the start time was recorded still carry.
 */
export function parseExecutorId(input: { executorId: string }): ParsedExecutorId | null {
  const parts = input.executorId.split(":");
  const [host, pidText] = parts;
  if (!host || !pidText || !/^\d+$/.test(pidText)) return null;
  const pid = Number(pidText);
  if (!Number.isSafeInteger(pid) || pid <= 0) return null;
  if (parts.length === 4 && /^\d+$/.test(parts[2] ?? "")) {
    return { host, pid, startTicks: parts[2] as string };
  }
  if (parts.length === 3) return { host, pid, startTicks: null };
  return null;
}
