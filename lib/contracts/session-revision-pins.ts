import { z } from "zod";

/**
 * The session-state key that holds a conversation to given construction revisions
 * (`{dataset_id: revision}`): a re-run's session asks its questions of the revision it was
 * started against, even when the dataset gets a newer one meanwhile.
 */
export const revisionPinsStateKey = "revision_pins";

const revisionPinsSchema = z.record(z.string().min(1), z.number().int().positive());

/** The pins of a session's stored state; empty when it has none (or they are not valid). */
export function readRevisionPins(state: unknown): Map<string, number> {
  if (!state || typeof state !== "object") return new Map();
  const parsed = revisionPinsSchema.safeParse(
    (state as Record<string, unknown>)[revisionPinsStateKey],
  );
  return parsed.success ? new Map(Object.entries(parsed.data)) : new Map();
}
