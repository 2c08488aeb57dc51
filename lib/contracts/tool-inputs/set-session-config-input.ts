import { z } from "zod";

/** Arguments of set_session_config: one key and its JSON scalar value. */
export const setSessionConfigInputSchema = z
  .object({
    key: z.string().min(1).max(100),
    value: z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]),
  })
  .strict();
