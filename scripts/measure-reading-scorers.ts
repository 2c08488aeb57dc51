// `npx tsx --conditions=react-server scripts/measure-reading-scorers.ts BANK.json…`: how well the
// offline model's meaning scorers pick a question's reading, on the questions of question banks
// whose family has a reading in lib/local-rules/reading/family-examples.ts. It compares the
// lexical scorer (lemmas, synonym concepts, Chinese character pairs, idf-weighted cosine) with the
// offline sentence encoder the memory ships (Universal Sentence Encoder lite, nearest example),
// per language, and prints one line per scorer. docs/offline-model.md reports the figures.
import { readFileSync } from "node:fs";
import { readingExamples } from "@/lib/local-rules/reading/family-examples";
import { nodeMentions } from "@/lib/local-rules/reading/node-mentions";
import { scoreReadings } from "@/lib/local-rules/reading/read-by-meaning";
import { createLocalEmbedder } from "@/lib/memory/embedding/local-embedder";

const readingsOfFamily: Record<string, string[]> = {
  count: ["node-count", "edge-count"],
  degree: ["degree", "in-degree", "out-degree"],
  "edge-exists": ["edge-exists"],
  neighbours: ["neighbours"],
  reachability: ["reachability"],
  "shortest-path": ["shortest-path"],
  structure: ["triangles", "clustering"],
  distance: ["diameter", "density"],
  cycles: ["cycles"],
  components: ["components", "articulation-points", "bridges"],
  centrality: ["top-pagerank", "top-betweenness", "top-closeness", "top-degree"],
  communities: ["communities"],
};

type Question = { question: string; family: string; lang: "en" | "zh" };

function questionsOf(file: string): Question[] {
  const bank = JSON.parse(readFileSync(file, "utf8"));
  return (bank.questions as Question[]).filter((question) => readingsOfFamily[question.family]);
}

function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sum = 0;
  for (let index = 0; index < a.length; index++) sum += a[index] * (b[index] ?? 0);
  return sum;
}

async function main() {
  const files = process.argv.slice(2);
  const questions = files.flatMap(questionsOf);
  const embedder = createLocalEmbedder();
  const examples = readingExamples.flatMap((reading) =>
    reading.examples.map((text) => ({ reading, text })),
  );
  const exampleVectors = await embedder.embed({ texts: examples.map((example) => example.text) });
  const masked = questions.map((question) => {
    let text = question.question;
    nodeMentions(text).forEach((name, index) => {
      text = text.split(name).join(index === 0 ? "X" : "Y");
    });
    return text;
  });
  const questionVectors = await embedder.embed({ texts: masked });
  const tally = new Map<string, { right: number; total: number }>();
  const count = (key: string, right: boolean) => {
    const entry = tally.get(key) ?? { right: 0, total: 0 };
    entry.total += 1;
    if (right) entry.right += 1;
    tally.set(key, entry);
  };
  questions.forEach((question, index) => {
    const wanted = readingsOfFamily[question.family];
    const nodes = Math.min(nodeMentions(question.question).length, 2);
    const lexical = scoreReadings(question.question)[0]?.reading.id;
    let best = { id: "", score: -1 };
    examples.forEach((example, at) => {
      if (example.reading.nodes !== nodes) return;
      const score = dot(questionVectors[index], exampleVectors[at]);
      if (score > best.score) best = { id: example.reading.id, score };
    });
    for (const scope of ["all", question.lang]) {
      count(`lexical ${scope}`, lexical !== undefined && wanted.includes(lexical));
      count(`encoder ${scope}`, wanted.includes(best.id));
    }
  });
  console.log(`${questions.length} questions with a reading, from ${files.join(", ")}`);
  for (const [key, { right, total }] of [...tally].sort()) {
    console.log(`${key.padEnd(12)} ${right}/${total} = ${((100 * right) / total).toFixed(1)} %`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
