import type { ToolEnvelope } from "@/lib/contracts/tool-envelope";

/** A gated call whose arguments a reviewer replaced before approving it (AP-3 `modify`). */
export type ModifiedCall = {
  toolCallId: string;
  /** What the model asked for (its own tool call still shows these). */
  proposedArgs: Record<string, unknown>;
  /** What actually ran: the reviewer's `patched_args`. */
  ranArgs: Record<string, unknown>;
};

/**
 * The result of a modified call as the model reads it. The model's own message still holds the
 * arguments it proposed, so without this it would describe an effect it did not get (say, "n12
 * removed" when the reviewer removed n5); the note names the arguments that ran.
 */
export function withReviewerModification(
  envelope: ToolEnvelope,
  modified: ModifiedCall,
): ToolEnvelope {
  return {
    ...envelope,
    reviewer_modification: {
      note: "A reviewer changed this call's arguments before approving it. It ran with ran_args, not with the arguments you proposed; report what ran.",
      proposed_args: modified.proposedArgs,
      ran_args: modified.ranArgs,
    },
  };
}
