import { splitSentences } from "./answer-lead";
import { findNameIndex } from "./name-mentions";

/** What a first sentence says to a yes/no question, and how the judge read it. */
export type YesNoReading = {
  answer: "yes" | "no";
  how: "opening word" | "negation" | "no negation";
};

// `有向` / `无向` (directed / undirected) open many Chinese sentences without answering anything.
const openingYes = /^(?:yes|yeah|yep)\b|^(?:是|有(?!向)|存在|可以|能)/iu;
const openingNo = /^(?:no|nope)\b|^(?:否|不|没|无(?!向))/iu;
const negationEnglish = /\b(?:no|not|none|never|nothing|neither|nor|cannot|without)\b|n['’]t\b/iu;
const negationChinese = /不|没|否|未|无(?!向)/u;
const leadingMarkup = /^[\s*_>#`"'“‘([-]+/u;

// Words any question about a graph shares with any answer; they say nothing about its subject.
const stopWords = new Set(
  (
    "the a an is are was were be been does do did has have had there this that these those " +
    "what which who whom whose how many much any some and or of in on at to from by for with " +
    "between into than then it its their them they give list show tell me please can could " +
    "would should will there's node nodes graph's"
  ).split(" "),
);
// Chinese has no spaces: content is compared character by character, function characters aside.
const chineseStopCharacters = new Set(
  "的是有在和与个这那吗呢了中之间否多少哪什么为不没无能可以到从对我你它们一上下其及或由被把将就都也还又很最等该此所请几".split(
    "",
  ),
);
const nodeNamePattern = /[A-Za-z_]+:[\w.-]+|[A-Za-z]+\d+\w*/g;

/**
 * Reads yes or no from an answer's first sentence: it opens with yes or no (`Yes`/`No`;
 * `是`/`有`/`存在`/`可以`/`能` or `否`/`不`/`没`/`无`), or — when it is about the question's
 * subject (shares a node name or a content word with the question) — it holds a negation (no)
 * or none (yes). Undefined when it does neither.
 */
export function readYesNo(input: { lead: string; question: string }): YesNoReading | undefined {
  const first = splitSentences(input.lead)[0];
  if (!first) return undefined;
  const opening = first.replace(leadingMarkup, "");
  if (openingYes.test(opening)) return { answer: "yes", how: "opening word" };
  if (openingNo.test(opening)) return { answer: "no", how: "opening word" };
  if (!isAboutSubject({ sentence: first, question: input.question })) return undefined;
  const negated = negationEnglish.test(first) || negationChinese.test(first);
  return negated ? { answer: "no", how: "negation" } : { answer: "yes", how: "no negation" };
}

/** Whether a sentence shares a node name or a content word with the question. */
export function isAboutSubject(input: { sentence: string; question: string }): boolean {
  const names = input.question.match(nodeNamePattern) ?? [];
  if (names.some((name) => findNameIndex({ text: input.sentence, name }) >= 0)) return true;
  const sentenceStems = new Set(contentWords(input.sentence).map(stem));
  if (contentWords(input.question).some((word) => sentenceStems.has(stem(word)))) return true;
  const sentenceCharacters = new Set(chineseContent(input.sentence));
  return chineseContent(input.question).some((character) => sentenceCharacters.has(character));
}

function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/[a-z]+/g) ?? []).filter(
    (word) => word.length >= 4 && !stopWords.has(word),
  );
}

/** A crude stem: words agreeing in their first five letters (cycle / cycles) are one word. */
function stem(word: string): string {
  return word.slice(0, 5);
}

function chineseContent(text: string): string[] {
  return (text.match(/\p{Script=Han}/gu) ?? []).filter(
    (character) => !chineseStopCharacters.has(character),
  );
}
