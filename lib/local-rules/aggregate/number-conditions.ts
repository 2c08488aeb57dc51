import { findPattern } from "./find-phrase";
import { boundClarifiers, type SignalSpan } from "./measure-words";

/** A comparison operator a filter may use. */
export type ComparisonOperator = "=" | ">" | ">=" | "<" | "<=";

/** "over 100", "2000 年以后": a comparison with a figure, and the span that says it. */
export type NumberCondition = {
  operator: ComparisonOperator;
  value: number;
  start: number;
  end: number;
  /** Where the comparison word starts: a property named just before it is the one compared. */
  wordStart: number;
  /** The comparison speaks of time ("after", "since", "以后"): a year-like property is meant. */
  temporal: boolean;
};

// A figure, not part of an id (`n33`, `customers:26`, `c3`) or a date; "80,000" is one figure.
// A colon after it is punctuation ("older than 80: how many?"), not an id's separator.
const figure = String.raw`(?<![A-Za-z0-9_:#/.,\-])(-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|-?\d+(?:\.\d+)?)(?![A-Za-z0-9_#/\-]|,\d{3}|\.\d|:\S)`;

/** The value of a figure as written, thousands separators and all. */
function figureValue(written: string): number {
  return Number(written.replace(/,/g, ""));
}

const englishBefore: { words: string; operator: ComparisonOperator; temporal?: boolean }[] = [
  { words: "at least|no less than|not less than|no fewer than|>=|≥", operator: ">=" },
  { words: "at most|no more than|not more than|<=|≤", operator: "<=" },
  {
    words:
      "more than|greater than|larger than|bigger than|higher than|over|above|exceeding|exceeds|exceed|>",
    operator: ">",
  },
  { words: "less than|fewer than|lower than|smaller than|under|below|<", operator: "<" },
  { words: "after|later than", operator: ">", temporal: true },
  { words: "before|earlier than|prior to", operator: "<", temporal: true },
  { words: "since|from", operator: ">=", temporal: true },
  { words: "until|up to|through", operator: "<=", temporal: true },
  { words: "equal to|equals|exactly|=|in|during", operator: "=" },
];

const chineseBefore: { words: string; operator: ComparisonOperator; temporal?: boolean }[] = [
  { words: "不少于|不低于|至少|大于等于|大于或等于|不小于", operator: ">=" },
  { words: "不超过|不高于|至多|小于等于|小于或等于|不大于", operator: "<=" },
  { words: "大于|超过|高于|多于", operator: ">" },
  { words: "小于|低于|少于", operator: "<" },
  { words: "晚于", operator: ">", temporal: true },
  { words: "早于", operator: "<", temporal: true },
  { words: "等于|为|是", operator: "=" },
];

const chineseAfter: { words: string; operator: ComparisonOperator; temporal?: boolean }[] = [
  { words: "年?(?:及|或)以上|年?以上", operator: ">=" },
  { words: "年?(?:及|或)以下|年?以下", operator: "<=" },
  { words: "年?(?:及|或)(?:以后|之后)", operator: ">=", temporal: true },
  { words: "年?(?:以后|之后|后)", operator: ">", temporal: true },
  { words: "年?(?:以前|之前|前)", operator: "<", temporal: true },
  { words: "年", operator: "=", temporal: true },
];

const englishAfter: { words: string; operator: ComparisonOperator }[] = [
  { words: "or more|or above|and above|or later|or over|\\+", operator: ">=" },
  { words: "or less|or fewer|or below|and below|or earlier|or under", operator: "<=" },
];

function overlaps(start: number, end: number, spans: SignalSpan[]): boolean {
  return spans.some((span) => start < span.end && span.start < end);
}

/**
 * Every figure of the question with the comparison word around it ("over 100", "after 2000",
 * "in 2014", "2000 年以后", "between 1990 and 2000"). A figure without one comes back in
 * `unexplained`: the planner then looks for a property beside it ("group 2") or refuses.
 */
export function readNumberConditions(input: { question: string; ignore: SignalSpan[] }): {
  conditions: NumberCondition[];
  unexplained: SignalSpan[];
} {
  const text = input.question.toLowerCase();
  const conditions: NumberCondition[] = [];
  const unexplained: SignalSpan[] = [];
  const between = findPattern(
    text,
    new RegExp(
      String.raw`\bbetween\s+\$?${figure}\s+and\s+\$?${figure}|介于\s*${figure}\s*(?:和|与|到|至)\s*${figure}\s*之间|${figure}\s*(?:到|至|-|~)\s*${figure}\s*之间`,
      "g",
    ),
  );
  for (const { start, end, match } of between) {
    const [low, high] = [match[1] ?? match[3] ?? match[5], match[2] ?? match[4] ?? match[6]].map(
      figureValue,
    );
    conditions.push({ operator: ">=", value: low, start, end, wordStart: start, temporal: false });
    conditions.push({ operator: "<=", value: high, start, end, wordStart: start, temporal: false });
  }
  for (const { start, end, match } of findPattern(text, new RegExp(figure, "g"))) {
    if (overlaps(start, end, input.ignore) || overlaps(start, end, between)) continue;
    const value = figureValue(match[1]);
    const before = text.slice(Math.max(0, start - 24), start);
    const after = text.slice(end, end + 12);
    const found = readComparison({ before, after });
    if (!found) {
      unexplained.push({ start, end });
      continue;
    }
    conditions.push({
      operator: found.operator,
      value,
      start: found.wordLength > 0 ? start - found.wordLength : start,
      end: end + found.afterLength,
      wordStart: start - found.wordLength,
      temporal: found.temporal,
    });
  }
  return { conditions: withClarifiedBounds(text, conditions), unexplained };
}

// "2015 年以后（含 2015 年）": the clarifier decides whether the bound is kept.
function withClarifiedBounds(text: string, conditions: NumberCondition[]): NumberCondition[] {
  const clarifiers = boundClarifiers(text);
  return conditions.map((condition) => {
    const said = clarifiers.find((clarifier) => clarifier.value === condition.value);
    if (!said) return condition;
    const strict = { ">=": ">", "<=": "<" } as const;
    const loose = { ">": ">=", "<": "<=" } as const;
    const operator = said.inclusive
      ? (loose[condition.operator as keyof typeof loose] ?? condition.operator)
      : (strict[condition.operator as keyof typeof strict] ?? condition.operator);
    return { ...condition, operator };
  });
}

function readComparison(input: { before: string; after: string }): {
  operator: ComparisonOperator;
  temporal: boolean;
  wordLength: number;
  afterLength: number;
} | null {
  for (const rule of englishAfter) {
    const match = new RegExp(`^\\s*(?:${rule.words})(?![a-z])`).exec(input.after);
    if (match)
      return {
        operator: rule.operator,
        temporal: false,
        wordLength: 0,
        afterLength: match[0].length,
      };
  }
  for (const rule of chineseAfter) {
    const match = new RegExp(`^\\s*(?:${rule.words})`).exec(input.after);
    if (!match) continue;
    return {
      operator: rule.operator,
      temporal: rule.temporal ?? false,
      wordLength: 0,
      afterLength: match[0].length,
    };
  }
  for (const rule of [...englishBefore, ...chineseBefore]) {
    const match = new RegExp(
      `(?<![a-z])(?:${rule.words})\\s*(?:the\\s+)?(?:year\\s+)?\\$?\\s*$`,
    ).exec(input.before);
    if (!match) continue;
    return {
      operator: rule.operator,
      temporal: rule.temporal ?? false,
      wordLength: input.before.length - match.index,
      afterLength: 0,
    };
  }
  return null;
}
