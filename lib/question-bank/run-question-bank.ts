import { checkServer } from "./check-server";
import { judgeAnswer } from "./judge-answer";
import type { LoadedQuestionBank } from "./load-question-bank";
import { prepareDatasets } from "./prepare-datasets";
import type { BankQuestion } from "./question-bank-schema";
import { type RunOutcome, runQuestion } from "./run-question";
import type { Verdict } from "./verdict";
import type { WorkbenchClient } from "./workbench-client";

/** One question's run and verdict. */
export type QuestionResult = { question: BankQuestion; outcome: RunOutcome; verdict: Verdict };

/** A whole evaluation: which bank, model and server, and every question's result in bank order. */
export type BankRun = {
  bankFile: string;
  model: string;
  baseUrl: string;
  startedAt: string;
  durationMs: number;
  results: QuestionResult[];
};

// Ends that say nothing about the model: the server failed (a stalled event loop expiring a
// transaction, a lost executor) or never started the run.
const serverFaultCodes = new Set(["INTERNAL_ERROR", "PERSISTENCE_FAILED", "INTERRUPTED"]);

/** Whether a run ended by a server fault, so the question is asked once more in a fresh session. */
function isServerFault(outcome: RunOutcome): boolean {
  if (outcome.runStatus === "not_started") return true;
  if (outcome.runStatus === "interrupted") return true;
  return outcome.runStatus === "error" && serverFaultCodes.has(outcome.errorCode ?? "");
}

/**
 * Runs `questions` of a bank against one server: checks the server and the model, uploads and
 * builds each dataset the questions need once, then asks the questions `concurrency` at a time,
 * each in a fresh session, and judges every answer. Setup problems throw EvalSetupError; a
 * run the server failed is asked once more (and says so), and a question that still fails in
 * any way is a wrong answer with its reason.
 */
export async function runQuestionBank(input: {
  client: WorkbenchClient;
  bank: LoadedQuestionBank;
  questions: BankQuestion[];
  model: string;
  concurrency: number;
  timeoutMs: number;
  onResult?: (result: QuestionResult, done: number, total: number) => void;
}): Promise<BankRun> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  await checkServer({ client: input.client, model: input.model });
  const datasetNames = [...new Set(input.questions.map((question) => question.dataset))];
  const prepared = await prepareDatasets({
    client: input.client,
    projectName: `Eval ${startedAt.slice(0, 19).replace("T", " ")} ${input.model}`,
    datasets: datasetNames.map((name) => input.bank.datasets[name]),
  });
  const results: QuestionResult[] = new Array(input.questions.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < input.questions.length) {
      const index = next++;
      const question = input.questions[index];
      const ask = () =>
        runQuestion({
          client: input.client,
          projectId: prepared.projectId,
          datasetId: prepared.datasetIds[question.dataset],
          question,
          model: input.model,
          timeoutMs: input.timeoutMs,
        }).catch(
          (error): RunOutcome => ({
            runStatus: "not_started",
            answer: "",
            toolCalls: [],
            problem: `the request failed: ${(error as Error).message}`,
            durationMs: 0,
          }),
        );
      let outcome = await ask();
      if (isServerFault(outcome)) {
        const first = outcome;
        outcome = {
          ...(await ask()),
          retriedAfter: `run ${first.runId ?? "(none)"} ended ${first.runStatus}: ${first.problem}`,
        };
      }
      const verdict = judgeAnswer({
        question,
        runStatus: outcome.runStatus,
        answer: outcome.answer,
        toolCalls: outcome.toolCalls,
      });
      const result: QuestionResult = {
        question,
        outcome,
        verdict:
          outcome.problem && !verdict.correct
            ? { correct: false, reason: `${verdict.reason} (${outcome.problem})` }
            : verdict,
      };
      results[index] = result;
      done += 1;
      input.onResult?.(result, done, input.questions.length);
    }
  };
  const workers = Math.max(1, Math.min(input.concurrency, input.questions.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return {
    bankFile: input.bank.file,
    model: input.model,
    baseUrl: input.client.baseUrl,
    startedAt,
    durationMs: Math.round(performance.now() - started),
    results,
  };
}
