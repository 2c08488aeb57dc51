import { z } from "zod";
import { rerunChangeSchema, rerunFigureSchema } from "@/lib/contracts/rerun";
import { type RunOptions, runOptionsSchema } from "@/lib/contracts/run-options";
import type { TurnEvidence } from "./turn-evidence";

const entitySchema = z.object({ id: z.string(), label: z.string() });

const evidenceSchema = z.object({
  answer: z.string(),
  figures: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      value: z.number(),
      entity: entitySchema.nullable(),
    }),
  ),
  lists: z.array(
    z.object({
      key: z.string(),
      measure: z.string(),
      ranked: z.boolean(),
      items: z.array(entitySchema),
    }),
  ),
}) satisfies z.ZodType<TurnEvidence>;

const reportedSideSchema = z.object({
  answer: z.string(),
  figures: z.array(rerunFigureSchema),
  entities: z.array(z.string()),
});

/**
 * One turn of a re-run as its row keeps it: the question and how it was first asked, the
 * original answer's evidence, the new run and its evidence once it ended, and the comparison.
 */
export const storedRerunTurnSchema = z.object({
  message: z.string(),
  attachments: z.array(z.string()),
  options: runOptionsSchema.omit({ model: true }),
  original_run_id: z.string(),
  original_run_status: z.string(),
  before: evidenceSchema,
  run_id: z.string().nullable(),
  run_status: z.string().nullable(),
  after: evidenceSchema.nullable(),
  comparison: z
    .object({
      before: reportedSideSchema,
      after: reportedSideSchema.nullable(),
      changed: z.boolean(),
      changes: z.array(rerunChangeSchema),
    })
    .nullable(),
});

export type StoredRerunTurn = z.infer<typeof storedRerunTurnSchema> & {
  options: Omit<RunOptions, "model">;
};

/** The turns column read back; a row that does not parse has no turns (never a crash). */
export function readStoredRerunTurns(value: unknown): StoredRerunTurn[] {
  const parsed = z.array(storedRerunTurnSchema).safeParse(value);
  return parsed.success ? parsed.data : [];
}
