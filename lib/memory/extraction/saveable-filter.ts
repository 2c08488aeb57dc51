import { hedgePattern, questionPattern, transientPattern } from "./statement-patterns";

// Id-like tokens ("customers:34", "n17", "42"): a sentence naming many of them is a node list.
const idTokenPattern = /\b[\p{L}_]+[:#]\d+\b|\b[a-z]{0,3}\d{2,}\b/giu;
const maxIdsInOneMemory = 3;
const maxListItems = 6;

/** Why a candidate must not be saved (MEM-3), or null when it is stable and verifiable. */
export function rejectionReason(input: { text: string; quote: string; userText: string }) {
  const { text } = input;
  if (text.length < 4 || text.length > 300) return "length";
  if (!normalise(input.userText).includes(normalise(input.quote))) return "not_user_stated";
  if (questionPattern.test(text)) return "question";
  if (hedgePattern.test(text)) return "guess";
  if (transientPattern.test(text)) return "transient_error";
  if ((text.match(idTokenPattern) ?? []).length > maxIdsInOneMemory) return "node_list";
  if (text.split(/[,，、;；]/).length > maxListItems) return "list";
  return null;
}

function normalise(text: string): string {
  return text.toLowerCase().replace(/\s+/g, " ").trim();
}
