// `npm run eval [-- --bank FILE --model NAME --url URL --only ID,ID --family NAME
// --kind questions|conversations --json FILE --min-accuracy X --concurrency N --timeout SECONDS]`:
// runs a question bank — its questions and its conversations — through the chat and judges
// every answer (docs/question-bank.md). Without --url it starts the app itself —
// the same start-up as `npm run dev`, in a temporary DATA_DIR with its own embedded PostgreSQL —
// and stops it at the end. Exit code 0 when the evaluation ran (wrong answers included), 1 when
// --min-accuracy is not reached, 2 when the bank, the options or the server cannot be used.
// Runs with `--conditions=react-server` so the app's `server-only` modules load outside Next.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { formatEvalReport, toJsonReport } from "../lib/question-bank/eval-report";
import { EvalSetupError } from "../lib/question-bank/eval-setup-error";
import { type LoadedQuestionBank, loadQuestionBank } from "../lib/question-bank/load-question-bank";
import type { BankConversation, BankQuestion } from "../lib/question-bank/question-bank-schema";
import { runQuestionBank } from "../lib/question-bank/run-question-bank";
import type { EmbeddedApp } from "../lib/question-bank/start-embedded-app";
import { createWorkbenchClient } from "../lib/question-bank/workbench-client";

const root = path.resolve(import.meta.dirname, "..");
const usage =
  "usage: npm run eval -- [--bank FILE] [--model NAME] [--url URL] [--only ID,ID] [--family NAME] [--kind questions|conversations] [--json FILE] [--min-accuracy 0.9|90%] [--concurrency 4] [--timeout 180]";

const kinds = ["questions", "conversations"] as const;

type Options = {
  bank: string;
  model: string;
  url?: string;
  only?: string[];
  family?: string;
  kind?: (typeof kinds)[number];
  json?: string;
  minAccuracy?: number;
  concurrency: number;
  timeoutMs: number;
};

async function main(): Promise<number> {
  // stdout carries the report alone; the app's own start-up and run logs go to stderr.
  console.log = console.info = (...values: unknown[]) => console.error(...values);
  const options = readOptions();
  const bank = await loadQuestionBank({ file: options.bank });
  const { questions, conversations } = selectFromBank({ bank, options });
  let app: EmbeddedApp | undefined;
  const stopApp = async () => {
    const running = app;
    app = undefined;
    await running?.stop();
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      void stopApp().finally(() => process.exit(130));
    });
  }
  try {
    if (!options.url) {
      process.stderr.write("eval: starting the app (embedded PostgreSQL, temporary DATA_DIR)…\n");
      const { startEmbeddedApp } = await import("../lib/question-bank/start-embedded-app");
      const { disconnectDb } = await import("../lib/db/client");
      app = await startEmbeddedApp({ root, disconnectDatabaseClient: disconnectDb });
    }
    const { getEnv } = await import("../lib/env");
    const client = createWorkbenchClient({
      baseUrl: options.url ?? (app as EmbeddedApp).url,
      accessToken: getEnv().WORKBENCH_ACCESS_TOKEN,
    });
    const turnCount = conversations.reduce(
      (sum, conversation) => sum + conversation.turns.length,
      0,
    );
    const asked =
      conversations.length === 0
        ? `${questions.length} question(s)`
        : `${questions.length} question(s) and ${conversations.length} conversation(s) of ${turnCount} turn(s)`;
    process.stderr.write(
      `eval: ${asked} of ${path.relative(process.cwd(), bank.file)} on ${client.baseUrl} with ${options.model}\n`,
    );
    const run = await runQuestionBank({
      client,
      bank,
      questions,
      conversations,
      model: options.model,
      concurrency: options.concurrency,
      timeoutMs: options.timeoutMs,
      onResult: (result, done, total) => {
        const mark = result.verdict.correct ? "✓" : "✗";
        const seconds = (result.outcome.durationMs / 1000).toFixed(1);
        process.stderr.write(`[${done}/${total}] ${mark} ${result.question.id} (${seconds} s)\n`);
      },
    });
    run.bankFile = path.relative(process.cwd(), run.bankFile) || run.bankFile;
    if (options.json) {
      await mkdir(path.dirname(path.resolve(options.json)), { recursive: true });
      await writeFile(options.json, `${JSON.stringify(toJsonReport(run), null, 2)}\n`);
    }
    process.stdout.write(`${formatEvalReport(run)}\n`);
    const accuracy =
      run.results.filter((result) => result.verdict.correct).length / run.results.length;
    if (options.minAccuracy !== undefined && accuracy < options.minAccuracy) {
      process.stderr.write(
        `eval: accuracy ${(accuracy * 100).toFixed(1)} % is below --min-accuracy ${(options.minAccuracy * 100).toFixed(1)} %\n`,
      );
      return 1;
    }
    return 0;
  } finally {
    await stopApp();
  }
}

function readOptions(): Options {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        bank: { type: "string", default: "tests/fixtures/questions/public.json" },
        model: { type: "string", default: "local-rules" },
        url: { type: "string" },
        only: { type: "string" },
        family: { type: "string" },
        kind: { type: "string" },
        json: { type: "string" },
        "min-accuracy": { type: "string" },
        concurrency: { type: "string", default: "4" },
        timeout: { type: "string", default: "180" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    throw usageError((error as Error).message);
  }
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  const url = values.url as string | undefined;
  if (url !== undefined && !(URL.canParse(url) && /^https?:$/.test(new URL(url).protocol))) {
    throw usageError(`--url must be an http(s) URL such as http://127.0.0.1:3000, not "${url}"`);
  }
  const kind = values.kind as string | undefined;
  if (kind !== undefined && !kinds.some((known) => known === kind)) {
    throw usageError(`--kind takes ${kinds.join(" or ")}, not "${kind}"`);
  }
  return {
    bank: values.bank as string,
    model: values.model as string,
    url,
    only: (values.only as string | undefined)
      ?.split(",")
      .map((id) => id.trim())
      .filter(Boolean),
    family: values.family as string | undefined,
    kind: kind as Options["kind"],
    json: values.json as string | undefined,
    minAccuracy: readAccuracy(values["min-accuracy"] as string | undefined),
    concurrency: readPositiveInteger(values.concurrency as string, "--concurrency"),
    timeoutMs: readPositiveInteger(values.timeout as string, "--timeout") * 1000,
  };
}

/** `0.9` or `90%`. */
function readAccuracy(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const percent = text.trim().endsWith("%");
  const value = Number(text.trim().replace(/%$/, "")) / (percent ? 100 : 1);
  if (!Number.isFinite(value) || value < 0 || value > 1) {
    throw usageError(`--min-accuracy takes a fraction (0.9) or a percentage (90%), not "${text}"`);
  }
  return value;
}

function readPositiveInteger(text: string, flag: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) {
    throw usageError(`${flag} takes a positive whole number, not "${text}"`);
  }
  return value;
}

/**
 * The questions and conversations the filters keep. A conversation is kept or dropped whole —
 * its turns mean nothing without the ones before — so `--family` keeps every conversation with
 * a turn of that family, and `--only` takes conversation ids as well as question ids.
 */
function selectFromBank(input: { bank: LoadedQuestionBank; options: Options }): {
  questions: BankQuestion[];
  conversations: BankConversation[];
} {
  const { bank, options } = input;
  let questions = options.kind === "conversations" ? [] : bank.questions;
  let conversations = options.kind === "questions" ? [] : bank.conversations;
  if (options.only) {
    const known = new Set([...questions, ...conversations].map((entry) => entry.id));
    const unknown = options.only.filter((id) => !known.has(id));
    if (unknown.length > 0) {
      throw usageError(
        `--only names question(s) or conversation(s) the bank${options.kind ? ` (--kind ${options.kind})` : ""} does not have: ${unknown.join(", ")}`,
      );
    }
    questions = questions.filter((question) => options.only?.includes(question.id));
    conversations = conversations.filter((conversation) => options.only?.includes(conversation.id));
  }
  if (options.family) {
    const family = options.family;
    const turnFamilies = bank.conversations.flatMap((conversation) =>
      conversation.turns.map((turn) => turn.family),
    );
    const families = [
      ...new Set([...bank.questions.map((question) => question.family), ...turnFamilies]),
    ];
    if (!families.includes(family)) {
      throw usageError(`--family "${family}" is not a family of the bank (${families.join(", ")})`);
    }
    questions = questions.filter((question) => question.family === family);
    conversations = conversations.filter((conversation) =>
      conversation.turns.some((turn) => turn.family === family),
    );
  }
  if (questions.length === 0 && conversations.length === 0) {
    throw usageError("no question or conversation of the bank matches the filters");
  }
  return { questions, conversations };
}

function usageError(message: string): EvalSetupError {
  return new EvalSetupError({ code: "USAGE", message: `${message}.`, details: [usage] });
}

main().then(
  (code) => process.exit(code),
  (error) => {
    if (EvalSetupError.isInstance(error)) {
      process.stderr.write(`eval: ${error.message}\n`);
      for (const detail of error.details) process.stderr.write(`  ${detail}\n`);
    } else {
      const message = error instanceof Error ? error.message : String(error);
      process.stderr.write(`eval: stopped by an unexpected error: ${message.split("\n")[0]}\n`);
    }
    process.exit(2);
  },
);
