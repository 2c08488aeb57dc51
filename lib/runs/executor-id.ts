import { randomUUID } from "node:crypto";
import os from "node:os";
import { processRegistry } from "@/lib/process-registry";

const registry = processRegistry<{ id?: string }>("__workbenchExecutorId");

/** This process's executor identity, recorded on the runs it executes (liveness, PS-4). */
export function executorId(): string {
  registry.id ??= `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  return registry.id;
}
