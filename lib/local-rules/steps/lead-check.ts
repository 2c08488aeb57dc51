import type { PromptReading, RunToolStep } from "../reading/read-prompt";
import type { AnswerPart } from "../writing/answer-document";
import { detectLanguage } from "../writing/answer-language";

/** A figure of an answer's first sentence and whether this run's evidence holds it. */
export type LeadFigure = { text: string; value: number; supported: boolean };

// A number standing alone: not part of an id ("n33", "customers:34", "ss06", "a-07"), and not the
// start of a word ("3D"). Thousands separators and decimals are read; a trailing "%" is kept.
const figurePattern =
  /(?<![\p{L}\p{N}_:.\-/])-?\d[\d,]*(?:\.\d+)?(?:e[+-]?\d+)?(?![\p{L}_:/]|\.\d)/gu;

// Figures of any evidence value the writers may print: the value itself, as a percentage, and a
// share of two values ("8 of 33, a share of 0.2424") — bounded, so a large result stays cheap.
const maxPairedValues = 60;

type Evidence = { numbers: number[]; names: Set<string> };

function collect(value: unknown, into: Evidence, depth = 0): void {
  if (depth > 8 || into.numbers.length > 20_000) return;
  if (typeof value === "number" && Number.isFinite(value)) into.numbers.push(value);
  else if (typeof value === "string") {
    if (/^-?\d+(?:\.\d+)?$/.test(value.trim())) into.numbers.push(Number(value));
    // A name with a number in it ("Customer 52", "Route 66") is a name, not a figure.
    else if (/\d/.test(value) && value.length <= 200 && into.names.size < 5_000) {
      into.names.add(value);
    }
  } else if (Array.isArray(value)) {
    into.numbers.push(value.length);
    for (const item of value) collect(item, into, depth + 1);
  } else if (typeof value === "object" && value !== null) {
    for (const item of Object.values(value)) collect(item, into, depth + 1);
  }
}

/** Every number and numbered name the question and this run's calls and results hold. */
function gatherEvidence(input: { question: string; steps: readonly RunToolStep[] }): Evidence {
  const evidence: Evidence = { numbers: [], names: new Set() };
  for (const match of input.question.matchAll(figurePattern)) {
    evidence.numbers.push(parseFigure(match[0]));
  }
  for (const step of input.steps) {
    collect(step.input, evidence);
    if (step.outcome.kind === "success") collect(step.outcome.envelope.data, evidence);
  }
  return evidence;
}

/** The lead with every numbered name of the evidence blanked, longest first. */
function withoutNames(lead: string, names: Set<string>): string {
  let text = lead;
  for (const name of [...names].sort((a, b) => b.length - a.length)) {
    if (text.includes(name)) text = text.split(name).join(" ");
  }
  return text;
}

function parseFigure(text: string): number {
  return Number(text.replace(/,/g, ""));
}

/** How far a printed figure may be from the value it rounds: half its last printed digit. */
function roundingTolerance(text: string, value: number): number {
  const decimals = /\.(\d+)/.exec(text)?.[1].length ?? 0;
  // Four significant digits ("1091" for 1090.6) also round within half a unit of the last digit.
  return Math.max(0.5 * 10 ** -decimals, Math.abs(value) * 5e-4) + 1e-12;
}

/**
 * Checks an answer's first sentence against the evidence before it is written: every figure in
 * it must be a number of this run's tool results or calls (or the question), as printed — the
 * value, its percentage, or the share of two of them. A figure no result holds means the writer
 * computed or mistook something, and the answer says so instead of passing it off as evidence.
 */
export function checkLead(input: {
  lead: string;
  question: string;
  steps: readonly RunToolStep[];
}): LeadFigure[] {
  if (!/\d/.test(input.lead)) return [];
  const evidence = gatherEvidence(input);
  const numbers = evidence.numbers;
  const figures = [...withoutNames(input.lead, evidence.names).matchAll(figurePattern)].map(
    (match) => match[0],
  );
  if (figures.length === 0) return [];
  const candidates = new Set<number>();
  for (const value of numbers) {
    candidates.add(value);
    candidates.add(value * 100);
  }
  const distinct = [...new Set(numbers)].filter((value) => value !== 0).slice(0, maxPairedValues);
  for (const a of distinct) {
    for (const b of distinct) {
      if (a === b) continue;
      candidates.add(a / b);
      candidates.add((100 * a) / b);
      candidates.add(a + b);
      candidates.add(a - b);
    }
  }
  const values = [...candidates];
  return figures.map((text) => {
    const value = parseFigure(text);
    const tolerance = roundingTolerance(text, value);
    return {
      text,
      value,
      supported: values.some((candidate) => Math.abs(candidate - value) <= tolerance),
    };
  });
}

/**
 * Runs the check on a finished part's first sentence; a figure no evidence holds gets a note in
 * the answer, in its language, naming it — the answer never passes it off as a tool's figure.
 */
export function noteUntracedLead(input: {
  part: AnswerPart;
  reading: PromptReading;
}): LeadFigure[] {
  const { part, reading } = input;
  const lead = part.summary[0];
  if (!part.succeeded || !lead) return [];
  const untraced = checkLead({ lead, question: reading.question, steps: reading.steps }).filter(
    (figure) => !figure.supported,
  );
  if (untraced.length === 0) return [];
  const listed = untraced.map((figure) => figure.text).join(", ");
  part.notes.push(
    detectLanguage(reading.question) === "zh"
      ? `首句中的 ${listed} 无法在本次运行的工具结果中找到，请谨慎对待。`
      : `The first sentence's ${listed} could not be traced to a tool result of this run; treat ${untraced.length === 1 ? "it" : "them"} with care.`,
  );
  return untraced;
}
