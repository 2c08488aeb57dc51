import { type ModelMessage, modelMessageSchema } from "ai";
import { z } from "zod";
import { toolEnvelopeSchema } from "./tool-envelope";

// Client-safe (the AI SDK's message schema is too). A checkpoint is written by one version of the
// server and read back by a later one, so it is parsed when loaded, never cast.

const toolArgsSchema = z.record(z.string(), z.unknown());

/** One planned call of the gated batch, in the model's order. */
export const storedToolCallSchema = z.object({
  toolCallId: z.string(),
  toolName: z.string(),
  args: toolArgsSchema,
});

/** A tool call outcome as JSON (dates as ISO strings). */
export const storedOutcomeSchema = z.object({
  toolCallId: z.string(),
  toolName: z.string(),
  args: toolArgsSchema,
  status: z.enum(["succeeded", "failed", "blocked", "awaiting_approval", "cancelled"]),
  envelope: toolEnvelopeSchema.optional(),
  errorCode: z.string().optional(),
  blockedBy: z.array(z.string()).optional(),
  startedAt: z.string().optional(),
  finishedAt: z.string().optional(),
  durationMs: z.number().optional(),
});

// Checked with the AI SDK's own schema, but kept as stored: parsing must not drop a field the
// SDK adds to messages later and so change the conversation a continue rebuilds.
const storedModelMessageSchema = z.custom<ModelMessage>(
  (value) => modelMessageSchema.safeParse(value).success,
  { message: "not a model message" },
);

/**
 * Where a paused run continues from (AP-4): the model messages of this run so far (after the
 * history window; they end with the assistant message that asked for the gated batch) and that
 * batch's calls and outcomes.
 */
export const runCheckpointSchema = z.object({
  turn: z.number().int(),
  messages: z.array(storedModelMessageSchema),
  batch: z.object({
    calls: z.array(storedToolCallSchema),
    outcomes: z.array(storedOutcomeSchema),
  }),
});

export type RunCheckpoint = z.infer<typeof runCheckpointSchema>;

export type StoredOutcome = z.infer<typeof storedOutcomeSchema>;
