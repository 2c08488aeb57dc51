import type { MeasureSignals, SignalSpan } from "./measure-words";
import type { Mention } from "./mention";

/**
 * Decides what each "total" / "总" of the question is. Before another figure it asks for a sum
 * ("total order amount", "订单总金额") and is dropped as a mention even when a column is named
 * `total`; alone it is that column ("the average order total"); in "in total" or "total number
 * of" it is neither.
 */
export function settleTotals(input: {
  question: string;
  mentions: Mention[];
  signals: MeasureSignals;
}): { mentions: Mention[]; sumWords: SignalSpan[] } {
  const { question, signals } = input;
  let mentions = input.mentions;
  const sumWords: SignalSpan[] = [];
  const isFigure = (mention: Mention) =>
    mention.kind === "property" && mention.candidates.some((ref) => ref.column.kind === "number");
  for (const total of signals.total) {
    const own = mentions.find(
      (mention) =>
        mention.kind === "property" && mention.start === total.start && mention.end === total.end,
    );
    // "总额" is a money word of its own; its 总 is already part of that mention.
    if (
      mentions.some(
        (mention) => mention !== own && mention.start <= total.start && total.end <= mention.end,
      )
    ) {
      continue;
    }
    const withoutOwn = () => mentions.filter((mention) => mention !== own);
    if (signals.totalNotSum.some((span) => span.start <= total.start && total.end <= span.end)) {
      mentions = withoutOwn();
      continue;
    }
    if (question[total.start] === "总") {
      const next = mentions.find((mention) => mention.start >= total.end);
      if (next && isFigure(next) && question.slice(total.end, next.start).trim() === "")
        sumWords.push(total);
      continue;
    }
    const later = mentions.some(
      (mention) => mention !== own && mention.start >= total.end && isFigure(mention),
    );
    if (later) {
      sumWords.push(total);
      mentions = withoutOwn();
    }
  }
  return { mentions, sumWords };
}
