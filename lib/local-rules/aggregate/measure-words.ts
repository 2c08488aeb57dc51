import { parseNumberWord } from "../reading/question-numbers";
import { findPattern } from "./find-phrase";

/** A span of the question that carries a grammatical signal. */
export type SignalSpan = { start: number; end: number };

/** Ranking direction: "most" / "最多" sort down, "fewest" / "最少" up. */
export type RankDirection = "desc" | "asc";

/** The aggregate words of a question, with where they stand. */
export type MeasureSignals = {
  average: SignalSpan[];
  sum: SignalSpan[];
  count: SignalSpan[];
  howMuch: SignalSpan[];
  maximum: SignalSpan[];
  minimum: SignalSpan[];
  direction: (SignalSpan & { direction: RankDirection })[];
  /** "total" / "总" in front of a figure: a sum or a column named `total`, decided later. */
  total: SignalSpan[];
  /** "一共", "in total": with a figure ("一共多少学分") the figure is summed. */
  overall: SignalSpan[];
  /** Phrases in which "total" means neither ("in total", "total number of"). */
  totalNotSum: SignalSpan[];
  /** "which", "what", "哪个": the noun after it is what the answer names. */
  which: SignalSpan[];
  /** "per", "for each", "每个", "按": a grouping that lists every group. */
  per: SignalSpan[];
  /** "most common", "最常见的": the noun after it is grouped and counted. */
  mostCommon: SignalSpan[];
  /** Requested decimals ("two decimals", "保留两位小数"). */
  decimals: number | null;
  /** Requested number of top rows ("top 3", "前三"). */
  top: number | null;
  /** Spans that hold a number which is not a figure to compare with. */
  numberWords: SignalSpan[];
};

// Digits, English number words and Chinese numerals, read as the ranking planner reads them.
function readCount(word: string): number | null {
  return parseNumberWord(word);
}

const spans = (text: string, pattern: RegExp) =>
  findPattern(text, pattern).map(({ start, end }) => ({ start, end }));

/** "（不含 2015 年）", "(excluding 2015)", "（含）": whether a bound itself counts, and where it says so. */
export function boundClarifiers(
  text: string,
): { start: number; end: number; value: number; inclusive: boolean }[] {
  const clause =
    /[（(]\s*(不含|不包括|不包含|不算|excluding|not including|exclusive of|含|包括|包含|including|inclusive of)\s*(\d+(?:\.\d+)?)\s*(?:年|in)?\s*[）)]/gi;
  const trailing =
    /[（(]\s*(\d+(?:\.\d+)?)\s*年?\s*(not included|included|excluded|inclusive|exclusive)\s*[）)]/gi;
  return [
    ...findPattern(text, clause).map(({ start, end, match }) => ({
      start,
      end,
      value: Number(match[2]),
      inclusive: !/^(?:不|excl|not|exclusive)/i.test(match[1]),
    })),
    ...findPattern(text, trailing).map(({ start, end, match }) => ({
      start,
      end,
      value: Number(match[1]),
      inclusive: /^(?:included|inclusive)$/i.test(match[2]),
    })),
  ];
}

/** Finds the aggregate vocabulary of an English or Chinese question. */
export function readMeasureSignals(question: string): MeasureSignals {
  const text = question.toLowerCase();
  const direction = [
    ...spans(
      text,
      /\b(?:most|highest|largest|biggest|greatest|top|best)\b|最多|最高|最大|最常|最受欢迎|最热门|最频繁|最活跃|最贵|排名第一/g,
    ).map((span) => ({ ...span, direction: "desc" as const })),
    ...spans(
      text,
      // "at least one Chinese actor" asks that one exists, it ranks nothing.
      /\b(?:(?<!\bat )least|lowest|smallest|fewest|bottom|worst)\b|最少|最低|最小|最便宜|最不/g,
    ).map((span) => ({ ...span, direction: "asc" as const })),
  ].sort((a, b) => a.start - b.start);
  const decimalsMatch =
    /\b(\d+|one|two|three|four|five|six)\s+(?:decimal|decimals|decimal places|dp)\b/.exec(text) ??
    /(\d+|[一二两三四五六])\s*位小数|小数点后\s*(\d+|[一二两三四五六])\s*位/.exec(text);
  const topMatch =
    /\btop\s+(\d+|one|two|three|four|five|six|seven|eight|nine|ten)\b/.exec(text) ??
    /\b(?:which|what)\s+(\d+|two|three|four|five|six|seven|eight|nine|ten)\s+(?=[a-z])/.exec(
      text,
    ) ??
    /前\s*(\d+|[一二两三四五六七八九十])\s*(?:名|个|位|本|家|座|篇)?/.exec(text);
  const numberWords: SignalSpan[] = [];
  for (const match of [decimalsMatch, topMatch]) {
    if (match) numberWords.push({ start: match.index, end: match.index + match[0].length });
  }
  // "（不含 2015 年）", "(2015 included)": a bound's clarifier restates a figure already compared.
  for (const { start, end } of boundClarifiers(text)) numberWords.push({ start, end });
  return {
    average: spans(text, /\b(?:average|mean|avg)\b|平均|均值/g),
    sum: spans(
      text,
      /\b(?:sum|sums|summed|summing|combined|altogether|add(?:s|ed|ing)? up)\b|总和|合计|总计|加起来/g,
    ),
    count: spans(
      text,
      /\bhow many\b|\bnumber of\b|\bcount\b|多少|几个|几位|几本|几篇|几家|几名|几人|几次|有几|数量|个数|人数|总数|数目|次数|\bhow many times\b/g,
    ),
    howMuch: spans(text, /\bhow much\b/g),
    maximum: spans(
      text,
      /\b(?:maximum|max|highest|largest|biggest|greatest|latest|newest|most recent)\b|最高|最大|最晚|最新/g,
    ),
    minimum: spans(text, /\b(?:minimum|min|lowest|smallest|earliest|oldest)\b|最低|最小|最早/g),
    direction,
    total: spans(text, /\btotal\b|总(?![数共计和])/g),
    overall: spans(text, /\bin total\b|\ball together\b|一共|总共|共计|合共/g),
    totalNotSum: spans(text, /\bin total\b|\btotal (?:number|count) of\b|总数|总共/g),
    which: spans(
      text,
      /\b(?:which|what|who)\b|哪(?:一个|一种|一类|一位|一本|一家|一门|个|些|种|类|位|家|本|座|篇|名|门|所|条)?/g,
    ),
    // "across the Go repositories", "across all stores" span one set; "across cities" groups.
    per: spans(
      text,
      /\b(?:per|for each|for every|in each|each|across(?! (?:the|all)\b)|grouped by|broken down by)\b|(?<![a-z]+(?:ed|en) )\bby\b|每一个|每(?:个|位|名|本|家|篇|种|类)?|各个|各|按照|按|分别/g,
    ),
    mostCommon: spans(
      text,
      /\b(?:most|least) (?:common|frequent|popular|used)\b|最常见的|最普遍的|最流行的|最常见|最普遍/g,
    ),
    decimals: decimalsMatch ? readCount(decimalsMatch[1] ?? decimalsMatch[2]) : null,
    top: topMatch ? readCount(topMatch[1]) : null,
    numberWords,
  };
}
