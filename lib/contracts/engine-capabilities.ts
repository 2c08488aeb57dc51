import { z } from "zod";

// Client-safe: the graph engine declares this in its MCP `initialize` answer and the runtime
// reads it there, so both sides name the same key and fields.

/** The key of the engine's declaration under the MCP server capabilities' `experimental`. */
export const engineCapabilitiesKey = "graph_workbench";

/**
 * What the engine promises about stopping work: `run_cancel_v1` — a call whose request is
 * aborted stops; `job_cancel_v1` — a job it started ends (with its descendants) on a cancel.
 * An engine that declares nothing promises nothing.
 */
export const engineCapabilitiesSchema = z.looseObject({
  run_cancel_v1: z.boolean().optional(),
  job_cancel_v1: z.boolean().optional(),
});

export type EngineCapabilities = z.infer<typeof engineCapabilitiesSchema>;
