import { askWithServerFaultRetry } from "./ask-with-server-fault-retry";
import { checkServer } from "./check-server";
import type { LoadedQuestionBank } from "./load-question-bank";
import { prepareDatasets } from "./prepare-datasets";
import type { BankConversation, BankQuestion } from "./question-bank-schema";
import { judgeQuestionResult, type QuestionResult } from "./question-result";
import { runConversation } from "./run-conversation";
import { runQuestion } from "./run-question";
import type { WorkbenchClient } from "./workbench-client";

/**
 * A whole evaluation: which bank, model and server, and every result in bank order — the
 * questions, then each conversation's turns in order.
 */
export type BankRun = {
  bankFile: string;
  model: string;
  baseUrl: string;
  startedAt: string;
  durationMs: number;
  results: QuestionResult[];
};

/**
 * Runs `questions` and `conversations` of a bank against one server: checks the server and the
 * model, uploads and builds each dataset they need once, then asks `concurrency` at a time —
 * each question in a fresh session, each conversation in one session of its own, turn after
 * turn — and judges every answer. Setup problems throw EvalSetupError; a run the server failed
 * is asked once more (and says so), and one that still fails in any way is a wrong answer with
 * its reason.
 */
export async function runQuestionBank(input: {
  client: WorkbenchClient;
  bank: LoadedQuestionBank;
  questions: BankQuestion[];
  conversations?: BankConversation[];
  model: string;
  concurrency: number;
  timeoutMs: number;
  onResult?: (result: QuestionResult, done: number, total: number) => void;
}): Promise<BankRun> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const { client, questions, model, timeoutMs } = input;
  const conversations = input.conversations ?? [];
  await checkServer({ client, model });
  const datasetNames = [...new Set([...questions, ...conversations].map((entry) => entry.dataset))];
  const prepared = await prepareDatasets({
    client,
    projectName: `Eval ${startedAt.slice(0, 19).replace("T", " ")} ${model}`,
    datasets: datasetNames.map((name) => input.bank.datasets[name]),
  });
  // Each conversation's turns take their places after the questions, in bank order.
  const turnOffsets: number[] = [];
  let total = questions.length;
  for (const conversation of conversations) {
    turnOffsets.push(total);
    total += conversation.turns.length;
  }
  const results: QuestionResult[] = new Array(total);
  let done = 0;
  const record = (index: number, result: QuestionResult) => {
    results[index] = result;
    done += 1;
    input.onResult?.(result, done, total);
  };
  const askQuestion = async (index: number) => {
    const question = questions[index];
    const outcome = await askWithServerFaultRetry({
      ask: () =>
        runQuestion({
          client,
          projectId: prepared.projectId,
          datasetId: prepared.datasetIds[question.dataset],
          question,
          model,
          timeoutMs,
        }),
    });
    record(index, judgeQuestionResult({ question, outcome }));
  };
  const askConversation = async (index: number) => {
    const conversation = conversations[index];
    await runConversation({
      client,
      projectId: prepared.projectId,
      datasetId: prepared.datasetIds[conversation.dataset],
      conversation,
      model,
      timeoutMs,
      onResult: (result) =>
        record(turnOffsets[index] + (result.question.turnNumber ?? 1) - 1, result),
    });
  };
  // Conversations start first: their turns run one after another, so started last they would
  // leave the other workers idle at the end.
  const tasks = [
    ...conversations.map((_, index) => () => askConversation(index)),
    ...questions.map((_, index) => () => askQuestion(index)),
  ];
  await runTasks({ tasks, concurrency: input.concurrency });
  return {
    bankFile: input.bank.file,
    model,
    baseUrl: client.baseUrl,
    startedAt,
    durationMs: Math.round(performance.now() - started),
    results,
  };
}

/** Runs the tasks in order, at most `concurrency` at once, each worker taking the next free one. */
async function runTasks(input: {
  tasks: (() => Promise<void>)[];
  concurrency: number;
}): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < input.tasks.length) await input.tasks[next++]();
  };
  const workers = Math.max(1, Math.min(input.concurrency, input.tasks.length));
  await Promise.all(Array.from({ length: workers }, worker));
}
