import { z } from "zod";
import { runStatuses } from "@/lib/contracts/run-status";

/** A conversation of a project, as the sessions list answers it. */
export const sessionSchema = z.object({
  session_id: z.string(),
  project_id: z.string(),
  title: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  last_run_at: z.string().nullish(),
});

export type Session = z.infer<typeof sessionSchema>;

export const sessionListSchema = z.object({ sessions: z.array(sessionSchema) });

/** One part of a stored message: text, or a dataset attached to it. */
export const messagePartSchema = z.union([
  z.object({ type: z.literal("text"), text: z.string() }),
  z.object({ type: z.literal("dataset"), dataset_id: z.string() }),
  // Parts a later version adds are kept and skipped, not a reason to fail the whole page.
  z.object({ type: z.string() }).loose(),
]);

export type MessagePart = z.infer<typeof messagePartSchema>;

export const chatMessageSchema = z.object({
  message_id: z.string(),
  run_id: z.string().nullish(),
  role: z.enum(["user", "assistant"]),
  parts: z.array(messagePartSchema),
  position: z.number(),
  created_at: z.string(),
});

export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** Statuses of a run (PS-5). */
export const runStatusSchema = z.enum(runStatuses);

export type RunStatus = z.infer<typeof runStatusSchema>;

export const runSummarySchema = z.object({
  run_id: z.string(),
  run_status: runStatusSchema,
  execution_generation: z.number(),
  revision: z.number(),
  cancel_status: z.string().nullish(),
  execution_stopped: z.boolean(),
  terminal_persisted: z.boolean(),
  error_code: z.string().nullish(),
  created_at: z.string(),
  finished_at: z.string().nullish(),
  /** The run that answers the edited version of this run's message (the old run stays). */
  replaced_by_run_id: z.string().nullish(),
});

export type RunSummary = z.infer<typeof runSummarySchema>;

/** `GET /api/sessions/{session_id}`: everything the conversation is drawn from. */
export const sessionSnapshotSchema = sessionSchema.extend({
  messages: z.array(chatMessageSchema),
  runs: z.array(runSummarySchema),
  session_state: z
    .object({
      active_dataset_id: z.string().nullish(),
      data_state: z.unknown().optional(),
    })
    .loose()
    .nullish(),
  pending_approval: z.unknown().nullish(),
  active_run: runSummarySchema.nullish(),
  can_send: z.boolean(),
});

export type SessionSnapshot = z.infer<typeof sessionSnapshotSchema>;
