import { z } from "zod";
import { runBudgetSchema } from "./run-budget";

// Client-safe: `GET /api/capabilities` answers this shape (lib/server/get-capabilities.ts builds
// it) and the UI parses it: a feature flag that is false hides the feature (RC-1: no Stop
// button, no Edit), and `details` says why.

export const capabilitiesSchema = z.object({
  run_cancel_v1: z.boolean(),
  job_cancel_v1: z.boolean(),
  edit_latest_turn_v1: z.boolean(),
  learned_knowledge: z.boolean(),
  embedding_model: z.string().nullable(),
  vector_backend: z.string().nullable(),
  reporting_tools: z.boolean(),
  upload_max_bytes: z.number().int().positive(),
  upload_kinds: z.array(z.string()),
  /** The budget a run gets for each `options.budget` field it leaves out (RUN_MAX_*). */
  run_budget_defaults: runBudgetSchema,
  /** Why each feature is on or off. */
  details: z.record(z.string(), z.string()),
});

export type Capabilities = z.infer<typeof capabilitiesSchema>;
