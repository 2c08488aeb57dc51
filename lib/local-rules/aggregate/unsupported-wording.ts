import { findPattern } from "./find-phrase";
import type { Mention } from "./mention";

// Questions this planner would answer wrongly rather than not at all: a negation turns
// "= Lyon" into "≠ Lyon", a share or a median is not a count or a mean, "distinct" counts values.
const englishBeyond =
  /\b(?:not|no|none|never|without|except|excluding|other than|neither|nor|fractions?|percent(?:age)?s?|proportions?|shares?|ratios?|medians?|modes?|variances?|standard deviations?|deviations?|distinct|unique|different|median)\b|n't\b|%/gi;
const chineseBeyond =
  /(?<!最)不(?!少于|低于|超过|高于|小于|大于)|没有|除了|除去|以外|之外|非|比例|占比|百分比|比率|中位数|众数|方差|标准差|不同的|去重/g;
// Which table, property or value an unknown proper name would be is a guess ("customers in
// Nantes" when Nantes is not among the listed cities): a capitalised word or a Latin word in a
// Chinese question that names nothing known stops the plan.
const englishName = /[A-Z][\w'’-]*/g;
const latinWord = /[A-Za-z][\w'’-]*/g;
const sentenceStart = /(?:^|[.?!。？！]\s*)$/;
const pronoun = /^I$/;

function outside(mentions: Mention[], start: number, end: number): boolean {
  return !mentions.some((mention) => start < mention.end && mention.start < end);
}

/**
 * True when the question asks for something beyond count / sum / average / min / max with
 * equality and range filters, or names a value the schema does not list.
 */
export function asksBeyondAggregates(input: {
  question: string;
  mentions: Mention[];
  ignore: { start: number; end: number }[];
}): boolean {
  const { question, mentions } = input;
  const known = [...mentions, ...input.ignore.map((span) => ({ ...span }))] as Mention[];
  const beyond = [...findPattern(question, englishBeyond), ...findPattern(question, chineseBeyond)];
  if (beyond.some((span) => outside(known, span.start, span.end))) return true;
  const chinese = /[\u4e00-\u9fff]/.test(question);
  const names = findPattern(question, chinese ? latinWord : englishName).filter(
    (span) =>
      chinese ||
      (!sentenceStart.test(question.slice(0, span.start)) && !pronoun.test(span.match[0])),
  );
  return names.some((span) => outside(known, span.start, span.end));
}
