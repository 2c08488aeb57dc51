import { z } from "zod";

// Only the fields the UI reads are required; the rest of the object may grow freely.
export const capabilitiesSchema = z.object({
  upload_max_bytes: z.number().int().positive().optional(),
});

export type Capabilities = z.infer<typeof capabilitiesSchema>;
