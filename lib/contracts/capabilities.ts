import { z } from "zod";

// Only the fields the UI reads are required; the rest of the object may grow freely. A missing
// feature flag means the server does not offer the feature (RC-1: no Stop button, no Edit).
export const capabilitiesSchema = z.object({
  upload_max_bytes: z.number().int().positive().optional(),
  run_cancel_v1: z.boolean().optional(),
  job_cancel_v1: z.boolean().optional(),
  edit_latest_turn_v1: z.boolean().optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});

export type Capabilities = z.infer<typeof capabilitiesSchema>;
