import { z } from "zod";

// Client-safe: the re-run and watch endpoints answer these shapes (lib/runs/rerun builds them)
// and the re-run pages parse them with the same schemas.

export const rerunStatuses = ["queued", "running", "done", "failed"] as const;
export const rerunTriggers = ["manual", "watch"] as const;
export const rerunChangeKinds = ["figure", "entity", "answer"] as const;

export type RerunStatus = (typeof rerunStatuses)[number];

/** Whether a re-run is still asking its turns (the pages poll until it is not). */
export function isRerunActive(status: RerunStatus): boolean {
  return status === "queued" || status === "running";
}

/** `POST /api/sessions/{session_id}/rerun`. */
export const startRerunBodySchema = z
  .object({
    start_request_id: z.string().trim().min(8).max(100),
    /** The dataset whose revision the turns are asked against (default: the one the original used). */
    dataset_id: z.string().trim().min(1).max(100).optional(),
    /** A ready revision of that dataset (default: its latest ready revision). */
    revision: z.number().int().min(1).optional(),
    /** The model every turn is asked with (default: the offline model). */
    model: z.string().trim().min(1).max(100).optional(),
  })
  .strict();

export type StartRerunBody = z.infer<typeof startRerunBodySchema>;

/** 202 (queued) or 200 (the same start_request_id again). */
export const startRerunResponseSchema = z.object({
  rerun_id: z.string(),
  session_id: z.string(),
});

export type StartRerunResponse = z.infer<typeof startRerunResponseSchema>;

/** The data a re-run asked against: a dataset's revision, and the one the original had loaded. */
export const rerunRevisionSchema = z.object({
  dataset_id: z.string(),
  dataset_name: z.string().nullable(),
  revision: z.number().int(),
  original_revision: z.number().int().nullable(),
});

export type RerunRevision = z.infer<typeof rerunRevisionSchema>;

/** A number an answer reports, named by what it measures ("pagerank score of Ada (customers:1)"). */
export const rerunFigureSchema = z.object({ name: z.string(), value: z.number() });

export type RerunFigure = z.infer<typeof rerunFigureSchema>;

/** One side of a turn: the answer, the figures it reports and the nodes it names. */
export const rerunTurnSideSchema = z.object({
  answer: z.string(),
  figures: z.array(rerunFigureSchema),
  entities: z.array(z.string()),
  run_id: z.string().nullable(),
  run_status: z.string().nullable(),
});

export type RerunTurnSide = z.infer<typeof rerunTurnSideSchema>;

/**
 * One difference between the two answers of a turn. A figure: its two values (null where the
 * node or measure is missing on one side). An entity: the node at a place of a ranking (`name`
 * "#1 by pagerank"), or a node named on one side only (null on the other). The answer: both texts.
 */
export const rerunChangeSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("figure"),
    name: z.string(),
    before: z.number().nullable(),
    after: z.number().nullable(),
  }),
  z.object({
    kind: z.literal("entity"),
    name: z.string(),
    before: z.string().nullable(),
    after: z.string().nullable(),
  }),
  z.object({
    kind: z.literal("answer"),
    name: z.string(),
    before: z.string(),
    after: z.string(),
  }),
]);

export type RerunChange = z.infer<typeof rerunChangeSchema>;

/** One message of the original conversation, asked again; `after` is null until it is answered. */
export const rerunTurnSchema = z.object({
  message: z.string(),
  before: rerunTurnSideSchema,
  after: rerunTurnSideSchema.nullable(),
  /**
   * The run asking this turn now, while `after` is null (it may wait for an approval in the
   * re-run's conversation); null before it starts and once it is answered.
   */
  asking_run_id: z.string().nullable(),
  changed: z.boolean(),
  changes: z.array(rerunChangeSchema),
});

export type RerunTurn = z.infer<typeof rerunTurnSchema>;

/** `GET /api/reruns/{rerun_id}`. */
export const rerunSchema = z.object({
  rerun_id: z.string(),
  project_id: z.string(),
  status: z.enum(rerunStatuses),
  trigger: z.enum(rerunTriggers),
  original_session_id: z.string(),
  original_title: z.string(),
  session_id: z.string(),
  revision: rerunRevisionSchema.nullable(),
  model: z.string(),
  error_message: z.string().nullable(),
  turns: z.array(rerunTurnSchema),
  turns_total: z.number().int(),
  turns_done: z.number().int(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});

export type Rerun = z.infer<typeof rerunSchema>;

/** One re-run of a project, as the list shows it. */
export const rerunSummarySchema = z.object({
  rerun_id: z.string(),
  original_session_id: z.string(),
  original_title: z.string(),
  session_id: z.string(),
  trigger: z.enum(rerunTriggers),
  revision: rerunRevisionSchema.nullable(),
  status: z.enum(rerunStatuses),
  changed_turns: z.number().int(),
  turns_total: z.number().int(),
  created_at: z.string(),
});

export type RerunSummary = z.infer<typeof rerunSummarySchema>;

/** `GET /api/projects/{project_id}/reruns`, newest first. */
export const rerunListSchema = z.object({ reruns: z.array(rerunSummarySchema) });

/** `POST /api/sessions/{session_id}/watch`. */
export const sessionWatchBodySchema = z
  .object({ dataset_id: z.string().trim().min(1).max(100) })
  .strict();

/** A watched dataset of a conversation. */
export const sessionWatchSchema = z.object({
  session_id: z.string(),
  dataset_id: z.string(),
  dataset_name: z.string(),
  last_revision: z.number().int(),
  created_at: z.string(),
});

export type SessionWatch = z.infer<typeof sessionWatchSchema>;

/** `GET /api/sessions/{session_id}/watch`: the datasets this conversation watches. */
export const sessionWatchListSchema = z.object({ watches: z.array(sessionWatchSchema) });
