import { z } from "zod";

/** Arguments of training_summary: none — the session's project is the scope. */
export const trainingSummaryInputSchema = z.object({}).strict();
