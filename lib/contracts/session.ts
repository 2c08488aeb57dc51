import { z } from "zod";
import { pendingApprovalSchema } from "./approval-record";
import { runStatuses } from "./run-status";

// Client-safe: the sessions endpoints answer these shapes (lib/sessions builds them) and the
// chat parses them with the same schemas.

/** A conversation of a project, as the sessions list answers it. */
export const sessionSchema = z.object({
  session_id: z.string(),
  project_id: z.string(),
  title: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  last_run_at: z.string().nullable(),
});

export type Session = z.infer<typeof sessionSchema>;

/** `GET /api/projects/{id}/sessions`. */
export const sessionListSchema = z.object({ sessions: z.array(sessionSchema) });

export type SessionList = z.infer<typeof sessionListSchema>;

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
