import { endpointMentions, nodeMentions } from "../reading/node-mentions";
import { questionWords } from "../reading/question-words";
import { detectLanguage } from "../writing/answer-language";
import { ellipsis, positionWords } from "./follow-up-words";
import { type FollowUpReading, positionOf } from "./ranking-follow-ups";
import type { ResolvedTurn } from "./resolved-turn";

// What the previous path was measured in ("按航行天数算", "measured in sailing days"): the
// next path between the same ends is ranked the same way.
const measuredIn =
  /(?:如果)?按[^，,。？?]{1,12}?(?:计算|来算|算)|\bmeasured in [^,?]{1,30}|\bin terms of [^,?]{1,30}/i;

const ordinalSuperlative =
  /^(?:second|third|fourth|fifth|2nd|3rd|4th|5th)-(?:shortest|fastest|quickest|cheapest)$/i;

/**
 * "第二快的路线要多少天？", "And the second-fastest route?": after a path question, the k-th
 * shortest path between the same two ends, measured as the previous one was, rather than the
 * second node of a ranking.
 */
export function nextPathBetweenSameEnds(
  question: string,
  previous: ResolvedTurn,
): FollowUpReading | null {
  if (!questionWords.kShortest.test(question)) return null;
  // "second-fastest" is spelled like an id; it names no node.
  const named = nodeMentions(question).filter((name) => !ordinalSuperlative.test(name));
  if (named.length > 0) return null;
  const ends = endpointMentions(previous.request);
  if (!ends.source || !ends.target) return null;
  const chinese = detectLanguage(question) === "zh";
  const said = measuredIn.exec(previous.request)?.[0];
  // The previous measure carries over when this question names none, in the same language.
  const measure =
    said && !measuredIn.test(question) && chinese === /[\u4e00-\u9fff]/.test(said) ? said : null;
  const asked = question.replace(/\s*[?？.!]+\s*$/, "");
  const english = asked.replace(/^(?:and|so|what about|how about)\s+/i, "");
  const clause = /^(?:what|which|how|is|are|does|do|list|show|give)\b/i.test(english)
    ? `${english.charAt(0).toLowerCase()}${english.slice(1)}`
    : `what is ${english}`;
  const request = chinese
    ? `${measure ? `${measure}，` : ""}从 ${ends.source} 到 ${ends.target}，${asked}？`
    : `${measure ? `${measure.trim()}, ` : ""}from ${ends.source} to ${ends.target}, ${clause}?`;
  return { request, reference: { kind: "previous-pair", nodes: [ends.source, ends.target] } };
}

const englishOrdinals = ["", "", "second", "third", "fourth", "fifth"];
const chineseOrdinals = ["", "", "二", "三", "四", "五"];

/**
 * "And the second one?", "第二条呢？" right after a path question: the k-th shortest path between
 * the same ends, asked the way the path was ("shortest route in km" → "second-shortest route in
 * km"), since a path answer is no ranking whose second row could be meant.
 */
export function pathAtPosition(question: string, previous: ResolvedTurn): FollowUpReading | null {
  if (previous.analysis?.kind !== "path" || !positionWords.test(question)) return null;
  const rest = question
    .replace(positionWords, "")
    .replace(ellipsis, "")
    .replace(/\b(?:shortest|path|route)\b|条|呢|[\s?？.!。,，]/gi, "");
  if (rest !== "" || nodeMentions(question).length > 0) return null;
  const position = positionOf(question, previous);
  if (position === null || position < 2 || position > 5) return null;
  const ends = endpointMentions(previous.request);
  if (!ends.source || !ends.target) return null;
  const english = previous.request.replace(
    /\b(shortest|fastest|quickest|cheapest)\b/i,
    `${englishOrdinals[position]}-$1`,
  );
  const chinese = previous.request.replace(/最(短|快|近)/, `第${chineseOrdinals[position]}$1`);
  const request =
    english !== previous.request
      ? english
      : chinese !== previous.request
        ? chinese
        : detectLanguage(question) === "zh"
          ? `从 ${ends.source} 到 ${ends.target} 的第${chineseOrdinals[position]}短路径是什么？`
          : `What is the ${englishOrdinals[position]}-shortest path from ${ends.source} to ${ends.target}?`;
  return { request, reference: { kind: "previous-pair", nodes: [ends.source, ends.target] } };
}
