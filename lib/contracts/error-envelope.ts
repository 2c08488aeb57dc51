import { z } from "zod";

// Client-safe: the server builds every error body from this shape and the UI parses failed
// responses with it (docs/api.md "Conventions").

/** `{"error":{"code","message","details"}}`: the body of every error answer. */
export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});

export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
