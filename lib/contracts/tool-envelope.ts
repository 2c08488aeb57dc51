import { z } from "zod";
import { type ErrorCode, errorStatus } from "./error-codes";

// Client-safe: the engine builds this envelope, the runtime parses it from every MCP result and
// the chat renders it, so all three read one schema instead of three hand-kept copies.

const errorCodes = Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]];

/**
 * The `structuredContent` of every tool result (docs/api.md). Loose: a field the contract adds
 * later passes through the runtime untouched instead of being stripped. `error_code` is one of
 * the stable codes, so a reader can switch on it exhaustively.
 */
export const toolEnvelopeSchema = z.looseObject({
  success: z.boolean(),
  status: z.string(),
  error_code: z.enum(errorCodes).optional(),
  message: z.string().optional(),
  data: z.unknown().optional(),
  async: z.boolean().optional(),
  job_id: z.string().optional(),
});

/** A tool result's business envelope. */
export type ToolEnvelope = z.infer<typeof toolEnvelopeSchema>;
