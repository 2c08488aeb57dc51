import { z } from "zod";
import { pendingApprovalSchema } from "./approval-record";
import { runStatuses } from "./run-status";
import { runUsageSchema } from "./usage";

// Client-safe: the sessions endpoints answer these shapes (lib/sessions builds them) and the
// chat parses them with the same schemas.

/** The title a conversation has until its first question names it (or a person renames it). */
export const defaultSessionTitle = "New analysis";

/** The longest title a person may give a conversation. */
export const sessionTitleMaxLength = 120;

/** A conversation of a project, as the sessions list answers it. */
export const sessionSchema = z.object({
  session_id: z.string(),
  project_id: z.string(),
  title: z.string(),
  /**
   * The dataset the conversation works on: the one bound to it, else the one its latest
   * question attached; null before any. Shown beside the title so a question is not asked of
   * the wrong data.
   */
  dataset_id: z.string().nullable(),
  dataset_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  last_run_at: z.string().nullable(),
});

export type Session = z.infer<typeof sessionSchema>;

/** `GET /api/projects/{id}/sessions`. */
export const sessionListSchema = z.object({ sessions: z.array(sessionSchema) });

export type SessionList = z.infer<typeof sessionListSchema>;

/** `PATCH /api/sessions/{session_id}`: a new title (trimmed, 1–120 characters). */
export const renameSessionBodySchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, "A title needs at least one character.")
    .max(sessionTitleMaxLength, `Titles are at most ${sessionTitleMaxLength} characters.`),
});

export type RenameSessionBody = z.infer<typeof renameSessionBodySchema>;

/** One part of a stored message: text, or a dataset attached to it. */
export const messagePartSchema = z.union([
  z.object({ type: z.literal("text"), text: z.string() }),
  z.object({ type: z.literal("dataset"), dataset_id: z.string() }),
  // Parts a later version adds are kept and skipped, not a reason to fail the whole page.
  z.object({ type: z.string() }).loose(),
]);

export type MessagePart = z.infer<typeof messagePartSchema>;

/** The roles a stored message has: the conversation keeps the user's and the answers. */
export const chatMessageRoles = ["user", "assistant"] as const;

export const chatMessageSchema = z.object({
  message_id: z.string(),
  run_id: z.string().nullable(),
  role: z.enum(chatMessageRoles),
  parts: z.array(messagePartSchema),
  position: z.number(),
  created_at: z.string(),
});

export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** Statuses of a run (PS-5). */
export const runStatusSchema = z.enum(runStatuses);

/** One run of a session, as the session snapshot lists it. */
export const runSummarySchema = z.object({
  run_id: z.string(),
  run_status: runStatusSchema,
  execution_generation: z.number(),
  revision: z.number(),
  cancel_status: z.string(),
  execution_stopped: z.boolean(),
  terminal_persisted: z.boolean(),
  error_code: z.string().nullable(),
  /** The finished run whose message this run's message edited (edit latest turn). */
  replaces_run_id: z.string().nullable(),
  /** The run that answers the edited version of this run's message (the old run stays). */
  replaced_by_run_id: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** What the run used, as its snapshot says. */
  usage: runUsageSchema,
});

export type RunSummary = z.infer<typeof runSummarySchema>;

/** `GET /api/sessions/{session_id}`: everything the conversation is drawn from. */
export const sessionSnapshotSchema = sessionSchema.extend({
  messages: z.array(chatMessageSchema),
  runs: z.array(runSummarySchema),
  /** The session's saved state, with the active dataset and the data state always named. */
  session_state: z.looseObject({
    active_dataset_id: z.string().nullable(),
    data_state: z.unknown(),
  }),
  /** The step a paused run of the session waits on, with the run it belongs to. */
  pending_approval: pendingApprovalSchema.extend({ run_id: z.string() }).nullable(),
  active_run: runSummarySchema.nullable(),
  can_send: z.boolean(),
});

export type SessionSnapshot = z.infer<typeof sessionSnapshotSchema>;
