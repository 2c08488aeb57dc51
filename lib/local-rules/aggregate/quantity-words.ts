import type { MeasureSignals, SignalSpan } from "./measure-words";
import type { Mention } from "./mention";

/**
 * "the total number of lines", "the average number of stars": "number of" right before a
 * numeric property names a quantity the rows hold, not rows to count; "total" in front of it
 * then asks for the sum of that quantity. Anywhere else "number of" still counts rows.
 */
export function settleQuantityWords(input: {
  question: string;
  mentions: Mention[];
  signals: MeasureSignals;
}): MeasureSignals {
  const { question, mentions, signals } = input;
  const namesQuantity = (span: SignalSpan) => {
    if (!/^number of$/i.test(question.slice(span.start, span.end))) return false;
    const next = mentions.find((mention) => mention.start >= span.end);
    return (
      next?.kind === "property" &&
      next.candidates.some((ref) => ref.column.kind === "number") &&
      /^\s*(?:the\s+)?$/i.test(question.slice(span.end, next.start))
    );
  };
  const quantities = signals.count.filter(namesQuantity);
  if (quantities.length === 0) return signals;
  return {
    ...signals,
    count: signals.count.filter((span) => !quantities.includes(span)),
    totalNotSum: signals.totalNotSum.filter(
      (span) =>
        !quantities.some((quantity) => span.start <= quantity.start && quantity.end <= span.end),
    ),
  };
}
