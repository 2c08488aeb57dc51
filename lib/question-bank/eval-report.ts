import { readLead, stripIgnoredText } from "./answer-lead";
import type { Expect } from "./question-bank-schema";
import type { QuestionResult } from "./question-result";
import type { BankRun } from "./run-question-bank";

/** Correct answers out of all, for one family or the whole run. */
export type Tally = { family: string; correct: number; total: number; accuracy: number };

const leadShownCharacters = 320;
const earlierTurnShownCharacters = 80;

/** Per family in the bank's order, then overall (family "overall"). */
export function tallyResults(results: readonly QuestionResult[]): {
  families: Tally[];
  overall: Tally;
} {
  const families = new Map<string, Tally>();
  for (const { question, verdict } of results) {
    const tally = families.get(question.family) ?? {
      family: question.family,
      correct: 0,
      total: 0,
      accuracy: 0,
    };
    tally.total += 1;
    if (verdict.correct) tally.correct += 1;
    families.set(question.family, tally);
  }
  const correct = results.filter((result) => result.verdict.correct).length;
  const withAccuracy = (tally: Tally) => ({
    ...tally,
    accuracy: tally.total === 0 ? 0 : tally.correct / tally.total,
  });
  return {
    families: [...families.values()].map(withAccuracy),
    overall: withAccuracy({ family: "overall", correct, total: results.length, accuracy: 0 }),
  };
}

/** The conversations' share of a run: their turns, and how many of them were answered right. */
export function tallyConversationTurns(results: readonly QuestionResult[]): {
  conversations: number;
  correct: number;
  total: number;
} {
  const turns = results.filter((result) => result.question.conversationId !== undefined);
  return {
    conversations: new Set(turns.map((turn) => turn.question.conversationId)).size,
    correct: turns.filter((turn) => turn.verdict.correct).length,
    total: turns.length,
  };
}

/**
 * The printed report: accuracy per family and overall (conversation turns count like
 * questions), then each failure with the question, the expected value, the lead of the answer
 * given and why it failed; its last line is `eval: N/M correct`, with the conversations' share
 * beside it when the bank has any.
 */
export function formatEvalReport(run: BankRun): string {
  const { families, overall } = tallyResults(run.results);
  const turns = tallyConversationTurns(run.results);
  const questionCount = run.results.length - turns.total;
  const asked =
    turns.total === 0
      ? `${questionCount} question(s)`
      : `${questionCount} question(s) and ${turns.conversations} conversation(s) of ${turns.total} turn(s)`;
  const lines = [
    `Question bank ${run.bankFile}`,
    `model ${run.model} · server ${run.baseUrl} · ${asked} in ${formatDuration(run.durationMs)}`,
    "",
    ...formatTable([...families, overall]),
  ];
  const retried = run.results.filter((result) => result.outcome.retriedAfter).length;
  if (retried > 0) {
    lines.push(
      "",
      `${retried} question(s) were asked a second time because the server failed their first run.`,
    );
  }
  const failures = run.results.filter((result) => !result.verdict.correct);
  if (failures.length > 0) {
    lines.push("", `Failures (${failures.length}):`);
    for (const failure of failures) lines.push("", ...formatFailure(failure, run.results));
  }
  const share = turns.total > 0 ? ` (conversations: ${turns.correct}/${turns.total} turns)` : "";
  lines.push("", `eval: ${overall.correct}/${overall.total} correct${share}`);
  return lines.join("\n");
}

/** The `--json` report: the summary and every question with its verdict, answer and tools. */
export function toJsonReport(run: BankRun) {
  const { families, overall } = tallyResults(run.results);
  const turns = tallyConversationTurns(run.results);
  return {
    bank: run.bankFile,
    model: run.model,
    url: run.baseUrl,
    started_at: run.startedAt,
    duration_ms: run.durationMs,
    correct: overall.correct,
    total: overall.total,
    accuracy: overall.accuracy,
    families,
    conversation_turns: { correct: turns.correct, total: turns.total },
    questions: run.results.map(({ question, outcome, verdict }) => ({
      id: question.id,
      conversation_id: question.conversationId ?? null,
      turn: question.turnNumber ?? null,
      dataset: question.dataset,
      lang: question.lang,
      family: question.family,
      question: question.question,
      expect: question.expect,
      reference: question.reference,
      correct: verdict.correct,
      reason: verdict.reason,
      answer: outcome.answer,
      lead: readLead(outcome.answer),
      run_id: outcome.runId ?? null,
      run_status: outcome.runStatus,
      problem: outcome.problem ?? null,
      retried_after: outcome.retriedAfter ?? null,
      tool_names: outcome.toolCalls.map((call) => call.tool_name),
      duration_ms: outcome.durationMs,
    })),
  };
}

/** What the answer had to state, in words. */
export function describeExpect(expect: Expect): string {
  switch (expect.type) {
    case "number":
      return `${expect.value}${expect.tolerance > 0 ? ` ± ${expect.tolerance}` : ""}`;
    case "entity":
      return `${[expect.value, ...expect.aliases].join(" / ")} first${expect.rivals.length > 0 ? ` (rivals: ${expect.rivals.join(", ")})` : ""}`;
    case "entities":
      return `at least ${expect.min_hits} of ${expect.values.join(", ")}`;
    case "boolean":
      return expect.value ? "yes" : "no";
    case "pair":
      return `${expect.values[0]} and ${expect.values[1]} together`;
    case "path":
      return `${expect.source} → ${expect.target}, length ${expect.length}${expect.weighted ? " (weighted)" : " hop(s)"}${expect.tolerance > 0 ? ` ± ${expect.tolerance}` : ""}`;
  }
}

function formatTable(tallies: Tally[]): string[] {
  const rows = [
    ["family", "correct", "total", "accuracy"],
    ...tallies.map((tally) => [
      tally.family,
      String(tally.correct),
      String(tally.total),
      `${(tally.accuracy * 100).toFixed(1)} %`,
    ]),
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const format = (row: string[]) =>
    row
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[0]) : cell.padStart(widths[column]),
      )
      .join("  ");
  const rule = widths.map((width) => "-".repeat(width)).join("  ");
  return [format(rows[0]), rule, ...rows.slice(1, -1).map(format), rule, format(rows.at(-1) ?? [])];
}

function formatFailure(
  { question, outcome, verdict }: QuestionResult,
  results: readonly QuestionResult[],
): string[] {
  const lead = readLead(outcome.answer) || stripIgnoredText(outcome.answer).trim();
  const shown = lead.replace(/\s*\n\s*/g, " ");
  const tools = outcome.toolCalls.map((call) => call.tool_name);
  return [
    `✗ ${question.id} [${question.family}, ${question.lang}] ${question.question}`,
    ...formatEarlierTurns(question, results),
    `  expected: ${describeExpect(question.expect)}`,
    `  answer:   ${shown ? clip(shown) : "(none)"}`,
    `  why:      ${verdict.reason}`,
    `  run:      ${outcome.runId ?? "none"} (${outcome.runStatus}) · tools: ${tools.length > 0 ? tools.join(", ") : "none"}`,
    ...(outcome.retriedAfter ? [`  retried:  an earlier ${outcome.retriedAfter}`] : []),
  ];
}

/**
 * A turn's place in its conversation and the questions asked before it (each marked right or
 * wrong), since a follow-up such as "How many exactly?" means nothing alone.
 */
function formatEarlierTurns(
  question: QuestionResult["question"],
  results: readonly QuestionResult[],
): string[] {
  const { conversationId, turnNumber } = question;
  if (conversationId === undefined || turnNumber === undefined) return [];
  const earlier = results
    .filter(
      (result) =>
        result.question.conversationId === conversationId &&
        (result.question.turnNumber ?? 0) < turnNumber,
    )
    .sort((a, b) => (a.question.turnNumber ?? 0) - (b.question.turnNumber ?? 0))
    .map(
      (result) =>
        `${result.question.turnNumber} ${result.verdict.correct ? "✓" : "✗"} ${clip(result.question.question, earlierTurnShownCharacters)}`,
    );
  return [
    `  turn:     ${turnNumber} of conversation ${conversationId}${earlier.length > 0 ? `, after: ${earlier.join(" · ")}` : ""}`,
  ];
}

function clip(text: string, length = leadShownCharacters): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

function formatDuration(milliseconds: number): string {
  const seconds = Math.round(milliseconds / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}
