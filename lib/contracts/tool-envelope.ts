import { z } from "zod";

// Client-safe: the engine builds this envelope, the runtime parses it from every MCP result and
// the chat renders it, so all three read one schema instead of three hand-kept copies.

/**
 * The `structuredContent` of every tool result (docs/api.md). Loose: a field the contract adds
 * later passes through the runtime untouched instead of being stripped.
 */
export const toolEnvelopeSchema = z.looseObject({
  success: z.boolean(),
  status: z.string(),
  error_code: z.string().optional(),
  message: z.string().optional(),
  data: z.unknown().optional(),
  async: z.boolean().optional(),
  job_id: z.string().optional(),
});

/** A tool result's business envelope. */
export type ToolEnvelope = z.infer<typeof toolEnvelopeSchema>;
