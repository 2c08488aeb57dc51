/** How long a title drawn from a question may be before it is cut (the list shows one line). */
export const derivedTitleMaxLength = 60;

/**
 * A conversation's title drawn from its first question: one line, whitespace collapsed, cut on a
 * word boundary to at most 60 characters (an ellipsis says it was cut). A word longer than the
 * whole budget is cut inside the word rather than left out. Null when the question has no text
 * (an attachment alone), so the conversation keeps its current title.
 */
export function deriveSessionTitle(question: string): string | null {
  const text = question.replace(/\s+/g, " ").trim();
  if (text.length === 0) return null;
  if (text.length <= derivedTitleMaxLength) return text;
  // Room for the ellipsis.
  const budget = derivedTitleMaxLength - 1;
  const head = text.slice(0, budget + 1);
  const lastSpace = head.lastIndexOf(" ");
  // A boundary too early would throw most of the question away: cut the long word instead.
  const cut = lastSpace >= budget / 2 ? head.slice(0, lastSpace) : text.slice(0, budget);
  return `${cut.replace(/[\s,;:.!?-]+$/, "")}…`;
}

/** The text of a question's parts (text parts only; attachments carry no words). */
export function questionText(parts: unknown): string {
  if (!Array.isArray(parts)) return "";
  return parts
    .flatMap((part) =>
      part && typeof part === "object" && (part as { type?: unknown }).type === "text"
        ? [String((part as { text?: unknown }).text ?? "")]
        : [],
    )
    .join(" ");
}
