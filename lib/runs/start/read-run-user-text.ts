import "server-only";
import { findRunUserMessage } from "@/lib/db/queries/runs";

/**
 * The text of the message a run answers, read once when its phase is prepared and carried by
 * the prepared phase to the prompt, the plan's goal, the memory context and the learning step.
 * Only the text parts: attachments are in the run's data scope already.
 */
export async function readRunUserText(runId: string): Promise<string> {
  const user = await findRunUserMessage(runId);
  const parts = (user?.parts ?? []) as { type?: string; text?: string }[];
  return parts
    .filter((part) => part.type === "text")
    .map((part) => part.text ?? "")
    .join("\n");
}
