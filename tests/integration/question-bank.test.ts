import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { formatEvalReport } from "@/lib/question-bank/eval-report";
import { type InProcessApp, serveAppInProcess } from "@/lib/question-bank/in-process-app";
import { loadQuestionBank } from "@/lib/question-bank/load-question-bank";
import { type BankRun, runQuestionBank } from "@/lib/question-bank/run-question-bank";
import { createWorkbenchClient } from "@/lib/question-bank/workbench-client";

// `npm run eval` on the public bank, the product's own bank and the public conversations, through
// the real runner, against the app's own route handlers behind its proxy (same-origin and
// media-type rules included) on loopback HTTP, with the offline local-rules model. Each dataset
// is uploaded and built once; the questions run four at a time, each in a fresh session, and
// each conversation in one session, turn after turn (every turn judged like a question).

const root = path.resolve(import.meta.dirname, "../..");
const bankNames = ["public", "bank", "public-conversations"] as const;
let app: InProcessApp | undefined;
const runs = new Map<string, BankRun>();

beforeAll(async () => {
  // One process: the agent reaches the engine over the in-memory MCP transport.
  delete process.env.GRAPH_ENGINE_URL;
  resetEnvForTests();
  app = await serveAppInProcess({ root });
  for (const name of bankNames) {
    const bank = await loadQuestionBank({
      file: path.join(root, `tests/fixtures/questions/${name}.json`),
    });
    runs.set(
      name,
      await runQuestionBank({
        client: createWorkbenchClient({ baseUrl: app.url }),
        bank,
        questions: bank.questions,
        conversations: bank.conversations,
        model: "local-rules",
        concurrency: 4,
        timeoutMs: 180_000,
      }),
    );
  }
}, 1_500_000);

afterAll(async () => {
  await app?.close();
});

describe.each(bankNames)("the %s question bank with local-rules", (name) => {
  it("runs every question and conversation turn to the end of a saved run, with its tool results", () => {
    const run = runs.get(name) as BankRun;
    // Runner problems (HTTP refusals, timeouts, lost streams) would make the answers below
    // meaningless: they must be zero whatever the model answers.
    const broken = run.results
      .filter(
        ({ outcome }) =>
          !outcome.runId ||
          ["not_started", "timed_out", "unknown"].includes(outcome.runStatus) ||
          outcome.problem?.startsWith("the event stream failed"),
      )
      .map(({ question, outcome }) => `${question.id}: ${outcome.runStatus} ${outcome.problem}`);
    expect(broken, broken.join("\n")).toEqual([]);
    for (const { outcome } of run.results) {
      expect(outcome.answer.trim()).not.toBe("");
      expect(outcome.toolCalls.length).toBeGreaterThan(0);
      expect(outcome.toolCalls.every((call) => typeof call.result === "object")).toBe(true);
    }
  });

  it("answers every question and conversation turn right", () => {
    const run = runs.get(name) as BankRun;
    const failures = run.results.filter((result) => !result.verdict.correct);
    // The whole report, so a failure shows each question, the expected value and the lead given.
    expect(failures.length, formatEvalReport(run)).toBe(0);
  });
});
