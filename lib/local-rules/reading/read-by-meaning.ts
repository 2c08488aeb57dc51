import { detectLanguage } from "../writing/answer-language";
import { type ReadingExamples, readingExamples } from "./family-examples";
import { endpointMentions, nodeMentions } from "./node-mentions";

// A question no family's rules read is scored against how each reading is usually asked
// (family-examples.ts), by meaning rather than by its exact words: words are reduced to a lemma
// and to a concept (synonyms share one), Chinese to its character pairs, and the readings'
// examples vote with the concepts' rarity (idf). A clear winner is asked as its canonical
// question, which the rules read; two close readings are asked back; a weak match stays the
// honest refusal. The comparison with the sentence encoder that docs/offline-model.md reports
// chose this scorer: it is synchronous, scores Chinese too, and did as well on the holdout.

const stopWords = new Set(
  (
    "the a an of is are was were be been do does did what which who whom whose how there here in on at " +
    "to from and or by with for any some this that these those it its their them they you your me my we " +
    "our i can could would should will please tell show me give find list all every each ever anything " +
    "something someone anyone everyone graph network data node nodes"
  ).split(/\s+/),
);

// Synonyms share one concept, so "links", "connections" and "ties" count as one word.
const conceptGroups: string[][] = [
  ["link", "connection", "connect", "edge", "tie", "relationship", "contact", "touch", "linked"],
  ["far", "distance", "apart", "distant", "furthest", "farthest", "remote"],
  ["step", "hop", "stop", "intermediary", "stage", "jump"],
  ["quick", "fast", "short", "few", "least", "minimum", "near", "close", "closest", "nearest"],
  ["reach", "get", "lead", "flow", "travel", "pass", "spread", "arrive", "end"],
  ["remove", "cut", "close", "delete", "fail", "loss", "lose", "drop", "knock"],
  ["split", "disconnect", "break", "separate", "fall", "fragment", "divide", "apart"],
  ["group", "cluster", "community", "faction", "piece", "island", "part", "component"],
  ["important", "influential", "central", "matter", "weight", "key"],
  ["broker", "between", "go-between", "bridge", "middle", "intermediate"],
  ["send", "out", "leave", "depart", "outgoing", "point", "go"],
  ["receive", "incoming", "come", "into", "inbound"],
  ["loop", "cycle", "circle", "round", "back", "origin", "start", "began", "return"],
  ["many", "number", "count", "total"],
  ["most", "largest", "biggest", "highest", "top", "greatest", "max"],
  ["direct", "directly", "immediate", "adjacent"],
  ["dense", "densely", "sparse", "share", "possible", "density"],
  ["clustered", "cliquish", "clustering", "triad", "triangle", "three"],
];
const conceptOf = new Map<string, string>();
for (const group of conceptGroups) {
  for (const word of group) if (!conceptOf.has(word)) conceptOf.set(word, `~${group[0]}`);
}

const irregular: Record<string, string> = {
  sent: "send",
  went: "go",
  gone: "go",
  got: "get",
  came: "come",
  ran: "run",
  knew: "know",
  known: "know",
  lost: "lose",
  began: "start",
  people: "person",
  others: "other",
  neighbours: "neighbour",
  neighbors: "neighbour",
};

/** A crude English lemma: enough to make "links"/"linked"/"linking" one word. */
function lemma(word: string): string {
  if (irregular[word]) return irregular[word];
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(?:ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 5 && word.endsWith("ing")) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith("ed"))
    return word.slice(0, -2).replace(/([^aeiou])\1$/, "$1");
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

/** The question as terms: concepts and lemmas (English), character pairs (Chinese). */
function terms(text: string): string[] {
  const out: string[] = [];
  const lower = text.toLowerCase().replace(/['’]s\b/g, "");
  for (const word of lower.match(/[a-z][a-z-]*/g) ?? []) {
    if (stopWords.has(word)) continue;
    const base = lemma(word);
    out.push(conceptOf.get(word) ?? conceptOf.get(base) ?? base);
  }
  for (const run of lower.match(/[\u3400-\u9fff]+/g) ?? []) {
    if (run.length === 1) out.push(run);
    for (let index = 0; index + 1 < run.length; index++) out.push(run.slice(index, index + 2));
  }
  return out;
}

type Vector = Map<string, number>;

function bag(words: string[], idf: Map<string, number>): Vector {
  const vector: Vector = new Map();
  for (const word of words) vector.set(word, (vector.get(word) ?? 0) + (idf.get(word) ?? 1));
  return vector;
}

function cosine(a: Vector, b: Vector): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (const [word, value] of a) {
    normA += value * value;
    dot += value * (b.get(word) ?? 0);
  }
  for (const value of b.values()) normB += value * value;
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

// The examples as vectors, built once: idf over every example of every reading.
const scoredExamples = (() => {
  const all = readingExamples.flatMap((reading) =>
    reading.examples.map((example) => ({
      reading,
      words: terms(example.replace(/\b[XY]\b/g, " ")),
    })),
  );
  const documents = new Map<string, number>();
  for (const { words } of all)
    for (const word of new Set(words)) documents.set(word, (documents.get(word) ?? 0) + 1);
  const idf = new Map(
    [...documents].map(([word, count]) => [word, Math.log(1 + all.length / count)] as const),
  );
  return { idf, examples: all.map(({ reading, words }) => ({ reading, vector: bag(words, idf) })) };
})();

/** Each reading's score for the question (its best example), highest first. */
export function scoreReadings(question: string): { reading: ReadingExamples; score: number }[] {
  const named = nodeMentions(question);
  let text = question;
  for (const name of named) text = text.split(name).join(" ");
  const vector = bag(terms(text), scoredExamples.idf);
  const nodes = Math.min(named.length, 2);
  const best = new Map<string, { reading: ReadingExamples; score: number }>();
  for (const { reading, vector: example } of scoredExamples.examples) {
    if (reading.nodes !== nodes) continue;
    const score = cosine(vector, example);
    const current = best.get(reading.id);
    if (!current || score > current.score) best.set(reading.id, { reading, score });
  }
  return [...best.values()].sort((a, b) => b.score - a.score);
}

/** What scoring made of a question the rules did not read. */
export type MeaningReading =
  | { kind: "rewrite"; question: string; reading: string; score: number }
  | { kind: "ask"; options: string[] }
  | null;

// Measured on the tuning holdout's refused questions: below this no reading is meant; within
// the margin two readings are equally likely and the person is asked.
const minimumScore = 0.42;
const closeMargin = 0.06;

function canonicalQuestion(reading: ReadingExamples, question: string): string {
  const language = detectLanguage(question);
  const { source, target } = endpointMentions(question);
  const named = nodeMentions(question);
  const first = source ?? named[0] ?? "";
  const second = target ?? named[1] ?? "";
  return reading.canonical[language].replace("{A}", first).replace("{B}", second);
}

/**
 * The reading a question most likely means, when the rules read none: its canonical question,
 * or the two close readings to ask back, or null when nothing matches well enough.
 */
export function readByMeaning(question: string): MeaningReading {
  const [top, next] = scoreReadings(question);
  if (!top || top.score < minimumScore) return null;
  if (next && next.score >= minimumScore && top.score - next.score < closeMargin) {
    return {
      kind: "ask",
      options: [
        canonicalQuestion(top.reading, question),
        canonicalQuestion(next.reading, question),
      ],
    };
  }
  return {
    kind: "rewrite",
    question: canonicalQuestion(top.reading, question),
    reading: top.reading.id,
    score: top.score,
  };
}
