import type { SignalSpan } from "./measure-words";
import type { PropertyMention } from "./mention";
import { type NumberCondition, readNumberConditions } from "./number-conditions";
import type { QuestionReading } from "./question-reading";

// Words between a property and its comparison: "a total over 100", "year after", "价格大于".
const comparisonGap =
  /^\s*(?:(?:is|was|are|were|of|in|with|a|an|the|that|which|has|have|had|been)\s+)*(?:的)?\s*$/i;

const isFigure = (mention: { kind: string }): mention is PropertyMention =>
  mention.kind === "property";

/**
 * Every figure of the question with the property it compares, or null when a figure plays no
 * part this planner understands ("more than 5 orders" counts related rows per row).
 */
export function readComparisons(
  reading: QuestionReading,
): Map<NumberCondition, PropertyMention | null> | null {
  const { question, mentions, signals } = reading;
  const values = mentions.filter((mention) => mention.kind === "value");
  const numbers = readNumberConditions({ question, ignore: [...signals.numberWords, ...values] });
  const conditions = [...numbers.conditions];
  for (const span of numbers.unexplained) {
    const named = equalityOf(reading, span);
    if (!named) return null;
    conditions.push(named);
  }
  const comparisons = new Map<NumberCondition, PropertyMention | null>();
  for (const condition of conditions) {
    const next = mentions.find((mention) => mention.start >= condition.end);
    if (next?.kind === "type" && question.slice(condition.end, next.start).trim() === "")
      return null;
    const property = comparedProperty(reading, condition);
    if (property) reading.used.add(property);
    comparisons.set(condition, property);
  }
  return comparisons;
}

// "group 2", "第 2 组": a figure right after (or, in Chinese, before) a property is its value.
function equalityOf(reading: QuestionReading, span: SignalSpan): NumberCondition | null {
  const { question, mentions } = reading;
  const value = Number(question.slice(span.start, span.end));
  const numeric = (mention: { kind: string }) =>
    isFigure(mention) && mention.candidates.some((ref) => ref.column.kind === "number");
  const before = [...mentions].reverse().find((mention) => mention.end <= span.start);
  if (
    before &&
    numeric(before) &&
    /^\s*(?:=|:|：|为|是)?\s*$/.test(question.slice(before.end, span.start))
  ) {
    return {
      operator: "=",
      value,
      start: before.start,
      end: span.end,
      wordStart: before.end,
      temporal: false,
    };
  }
  const after = mentions.find((mention) => mention.start >= span.end);
  if (
    after &&
    numeric(after) &&
    /第\s*$/.test(question.slice(0, span.start)) &&
    question.slice(span.end, after.start).trim() === ""
  ) {
    return {
      operator: "=",
      value,
      start: span.start,
      end: after.end,
      wordStart: span.start,
      temporal: false,
    };
  }
  return null;
}

function comparedProperty(
  reading: QuestionReading,
  condition: NumberCondition,
): PropertyMention | null {
  const { mentions, question } = reading;
  const inside = mentions.find(
    (mention): mention is PropertyMention =>
      isFigure(mention) && mention.start >= condition.start && mention.end <= condition.end,
  );
  if (inside) return inside;
  const before = mentions.filter(
    (mention): mention is PropertyMention =>
      isFigure(mention) &&
      mention.end <= condition.wordStart &&
      mention.candidates.some((ref) => ref.column.kind === "number"),
  );
  const last = before[before.length - 1];
  if (last && comparisonGap.test(question.slice(last.end, condition.wordStart))) return last;
  return propertyRightAfter(reading, condition);
}

// "2022 年及以后启动的项目": a Chinese condition comes before the figure it bounds, which names
// the property right after it.
function propertyRightAfter(
  reading: QuestionReading,
  condition: NumberCondition,
): PropertyMention | null {
  const { mentions, question } = reading;
  const next = mentions.find((mention) => mention.start >= condition.end);
  if (!next || !isFigure(next) || !next.candidates.some((ref) => ref.column.kind === "number"))
    return null;
  return /^\s*$/.test(question.slice(condition.end, next.start)) ? next : null;
}
