import { describe, expect, it } from "vitest";
import { conversationTurnQuestions } from "./asked-question";
import {
  formatEvalReport,
  tallyConversationTurns,
  tallyResults,
  toJsonReport,
} from "./eval-report";
import { bankConversationSchema, bankQuestionSchema } from "./question-bank-schema";
import type { QuestionResult } from "./question-result";
import type { BankRun } from "./run-question-bank";

function result(input: { id: string; family: string; correct: boolean }): QuestionResult {
  return {
    question: bankQuestionSchema.parse({
      id: input.id,
      dataset: "karate",
      lang: "en",
      family: input.family,
      question: `Question ${input.id}?`,
      expect: { type: "number", value: 78 },
      reference: "networkx",
    }),
    outcome: {
      runId: `run-${input.id}`,
      runStatus: "completed",
      answer: `The graph has ${input.correct ? 78 : 77} edges.\n\n| a | b |\n\n_Sources: x_`,
      toolCalls: [
        {
          tool_call_id: "c1",
          tool_name: "load_constructed_graph",
          status: "succeeded",
          success: true,
          args: {},
          result: { success: true, data: { edges: 78 } },
        },
      ],
      durationMs: 1200,
    },
    verdict: input.correct
      ? { correct: true, reason: "states 78" }
      : { correct: false, reason: "the lead does not state 78 (figures in the lead: 77)" },
  };
}

const run: BankRun = {
  bankFile: "tests/fixtures/questions/public.json",
  model: "local-rules",
  baseUrl: "http://127.0.0.1:3000",
  startedAt: "2026-12-01T00:00:00.000Z",
  durationMs: 65_000,
  results: [
    result({ id: "a", family: "count", correct: true }),
    result({ id: "b", family: "count", correct: false }),
    result({ id: "c", family: "degree", correct: true }),
  ],
};

describe("eval report", () => {
  it("tallies per family in bank order and overall", () => {
    const { families, overall } = tallyResults(run.results);
    expect(families.map((tally) => [tally.family, tally.correct, tally.total])).toEqual([
      ["count", 1, 2],
      ["degree", 1, 1],
    ]);
    expect(overall).toMatchObject({ correct: 2, total: 3 });
    expect(overall.accuracy).toBeCloseTo(2 / 3, 12);
  });

  it("prints the table, each failure with its lead and reason, and ends with eval: N/M correct", () => {
    const text = formatEvalReport(run);
    expect(text).toMatch(/count\s+1\s+2\s+50\.0 %/);
    expect(text).toMatch(/overall\s+2\s+3\s+66\.7 %/);
    expect(text).toContain("✗ b [count, en] Question b?");
    expect(text).toContain("  expected: 78");
    expect(text).toContain("  answer:   The graph has 77 edges.");
    expect(text).toContain("  why:      the lead does not state 78");
    expect(text).not.toContain("✗ a ");
    expect(text.split("\n").at(-1)).toBe("eval: 2/3 correct");
  });

  it("says when a question was asked again after a server fault", () => {
    const first = result({ id: "r", family: "count", correct: true });
    first.outcome.retriedAfter = "run x ended error: run_error INTERNAL_ERROR: boom";
    const text = formatEvalReport({ ...run, results: [...run.results, first] });
    expect(text).toContain("1 question(s) were asked a second time");
    expect(toJsonReport({ ...run, results: [first] }).questions[0].retried_after).toContain(
      "INTERNAL_ERROR",
    );
  });

  it("writes every question with verdict, reason, answer and tool names to JSON", () => {
    const json = toJsonReport(run);
    expect(json).toMatchObject({ correct: 2, total: 3, model: "local-rules" });
    expect(json.questions[1]).toMatchObject({
      id: "b",
      correct: false,
      reason: "the lead does not state 78 (figures in the lead: 77)",
      lead: "The graph has 77 edges.",
      tool_names: ["load_constructed_graph"],
      run_status: "completed",
    });
    expect(json.questions[1].answer).toContain("_Sources: x_");
  });

  describe("with conversations", () => {
    const turns = conversationTurnQuestions({
      conversation: bankConversationSchema.parse({
        id: "conv-1",
        dataset: "karate",
        lang: "en",
        turns: [
          {
            question: "Who has the most connections?",
            family: "degree",
            expect: { type: "entity", value: "n33" },
            reference: "networkx",
          },
          {
            question: "How many exactly?",
            family: "degree",
            expect: { type: "number", value: 17 },
            reference: "networkx",
          },
          {
            question: "Is that member in the Officer club?",
            family: "count",
            expect: { type: "boolean", value: true },
            reference: "node table",
          },
        ],
      }),
    });
    const asTurn = (index: number, correct: boolean): QuestionResult => ({
      ...result({ id: turns[index].id, family: turns[index].family, correct }),
      question: turns[index],
    });
    const withTurns: BankRun = {
      ...run,
      results: [...run.results, asTurn(0, true), asTurn(1, false), asTurn(2, true)],
    };

    it("counts turns like questions and reports the conversations' share on the last line", () => {
      expect(tallyConversationTurns(withTurns.results)).toEqual({
        conversations: 1,
        correct: 2,
        total: 3,
      });
      const text = formatEvalReport(withTurns);
      expect(text).toMatch(/degree\s+2\s+3\s+66\.7 %/);
      expect(text).toMatch(/overall\s+4\s+6\s+66\.7 %/);
      expect(text).toContain("3 question(s) and 1 conversation(s) of 3 turn(s)");
      expect(text.split("\n").at(-1)).toBe("eval: 4/6 correct (conversations: 2/3 turns)");
    });

    it("shows a failed turn with its conversation, its number and the questions before it", () => {
      const text = formatEvalReport(withTurns);
      expect(text).toContain("✗ conv-1#2 [degree, en] How many exactly?");
      expect(text).toContain(
        "  turn:     2 of conversation conv-1, after: 1 ✓ Who has the most connections?",
      );
      expect(text).not.toContain("✗ conv-1#3");
    });

    it("names each turn's conversation and number in JSON", () => {
      const json = toJsonReport(withTurns);
      expect(json.conversation_turns).toEqual({ correct: 2, total: 3 });
      expect(json.questions[0]).toMatchObject({ id: "a", conversation_id: null, turn: null });
      expect(json.questions[4]).toMatchObject({
        id: "conv-1#2",
        conversation_id: "conv-1",
        turn: 2,
        question: "How many exactly?",
        correct: false,
      });
    });
  });
});
