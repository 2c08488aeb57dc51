import { nodeMentions } from "../reading/node-mentions";
import type { FollowUpReading } from "./ranking-follow-ups";
import type { ResolvedTurn } from "./resolved-turn";

// Follow-ups about the set an earlier question was about, when no answer listed it: "How
// many?" after "Are there any actors who haven't been cast in anything?" counts that set, and
// "What's their average rating?" after "How many films does Lotus Gate Media have?" is asked
// of those films.

// "How many?", "How many are there?", "多少个？", "有几个？": a bare count.
const bareCount =
  /^\s*(?:and\s+|so\s+|ok(?:ay)?,?\s+)?how\s+many(?:\s+(?:are\s+there|of\s+them|exactly|in\s+total|is\s+that))?\s*[?？.!]*\s*$|^\s*(?:那)?(?:一共)?(?:有)?(?:多少|几)(?:个|位|家|座|条|部)?(?:呢)?\s*[?？]?\s*$/i;

// "Are there any actors who haven't …", "Is there a studio with no films …".
const existential =
  /^\s*(?:and\s+|so\s+)?(?:are|is|were|was)\s+there\s+(?:any|some|an?)\s+(.+?)\s*[?？.!]*\s*$/i;
// "有没有没出演过电影的演员？", "是否有没有电影的制片公司？".
const chineseExistential = /^\s*(?:那)?(?:有没有|是否有|有无)(.+?)(?:吗)?\s*[?？]?\s*$/;

/** A plural of the noun that opens a phrase: "studio with no films" → "studios with no films". */
function pluralOpening(phrase: string): string {
  return phrase.replace(/^(\w+?)(s|es)?\b/, (word, stem: string, plural?: string) => {
    if (plural) return word;
    if (/(?:s|x|ch|sh)$/i.test(stem)) return `${stem}es`;
    if (/[^aeiou]y$/i.test(stem)) return `${stem.slice(0, -1)}ies`;
    return `${stem}s`;
  });
}

/** "How many?" after a yes/no about whether such nodes exist: how many there are. */
export function countOfExistential(
  question: string,
  previous: ResolvedTurn,
): FollowUpReading | null {
  if (!bareCount.test(question)) return null;
  const english = existential.exec(previous.request);
  if (english) {
    const phrase = pluralOpening(english[1]);
    return {
      request: `How many ${phrase} are there?`.replace(
        /^(How many \w+) (who|that|which) (.+) are there\?$/i,
        "$1 $3?",
      ),
      reference: { kind: "previous-set", phrase, nodes: [] },
    };
  }
  const chinese = chineseExistential.exec(previous.request);
  if (chinese) {
    return {
      request: `${chinese[1]}有多少个？`,
      reference: { kind: "previous-set", phrase: chinese[1], nodes: [] },
    };
  }
  return null;
}

// "How many films does Lotus Gate Media have?": the noun counted and the node that has them.
const ownedCount =
  /^\s*how\s+many\s+(\w+)\s+(?:does|do|did|has|have)\s+(.+?)\s+(?:have|own|hold|make|made|produce|produced|release|released|contain|publish|published|direct|directed)\b/i;

/** "What's their average rating?" after a count of one node's films: asked of those films. */
export function ofCountedSet(question: string, previous: ResolvedTurn): FollowUpReading | null {
  const their = /\btheir\b/i.exec(question);
  if (!their || nodeMentions(question).length > 0) return null;
  const owned = ownedCount.exec(previous.request);
  if (!owned) return null;
  const [, noun, owner] = owned;
  const request = question
    .replace(
      /\btheir\s+([\w\s-]+?)(?=\s*[?？.!]*\s*$|\s+(?:is|are|was|were|in|by|for|across)\b)/i,
      `the $1 of ${owner}'s ${noun}`,
    )
    .replace(/\s{2,}/g, " ");
  if (request === question) return null;
  return { request, reference: { kind: "previous-set", phrase: `${owner}'s ${noun}`, nodes: [] } };
}
