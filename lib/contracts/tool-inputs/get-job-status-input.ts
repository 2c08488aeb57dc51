import { z } from "zod";

/** Arguments of get_job_status: the job and the progress cursor to read after (JOB-2). */
export const getJobStatusInputSchema = z
  .object({
    job_id: z.string().min(1).max(100),
    after_seq: z
      .number()
      .int()
      .min(-1)
      .optional()
      .describe(
        "The last progress seq already read (-1, 0 or omitted: from the start). An empty page answers this cursor back as progress_cursor.",
      ),
  })
  .strict();
