import type { ToolEnvelope } from "@/lib/contracts/tool-envelope";

/** A successful workspace tool result (failures: lib/errors/tool-failure-envelope.ts). */
export function workspaceSuccess(data: unknown, message?: string): ToolEnvelope {
  return { success: true, status: "completed", ...(message ? { message } : {}), data };
}
