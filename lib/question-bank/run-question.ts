import { randomUUID } from "node:crypto";
import { type RunSnapshot, runSnapshotSchema } from "@/lib/contracts/run-snapshot";
import type { BankQuestion } from "./question-bank-schema";
import { isTerminalEvent, readRunEvents, type StreamedRunEvent } from "./read-run-events";
import type { RunToolCall } from "./tool-result-evidence";
import { type ApiAnswer, describeApiAnswer, type WorkbenchClient } from "./workbench-client";

/** How one question's run went: what the judge reads. */
export type RunOutcome = {
  runId?: string;
  /** The saved run's status (`completed`, `failed`, …), `timed_out`, or `not_started`. */
  runStatus: string;
  /** The streamed text, else the last assistant message. */
  answer: string;
  /** The run's tool calls with their full results (the envelopes), from the run snapshot. */
  toolCalls: RunToolCall[];
  /** What went wrong outside the answer (HTTP refusals, a run error, a timeout). */
  problem?: string;
  /** The run's error code when it ended in error (`INTERNAL_ERROR`, …). */
  errorCode?: string;
  /** Why an earlier run of this question was discarded (a server fault), if one was. */
  retriedAfter?: string;
  durationMs: number;
};

/**
 * Asks one question the way a person would in the chat: a fresh session, then the question
 * asked in it (askInSession). A session the server would not create is a run not started.
 */
export async function runQuestion(input: {
  client: WorkbenchClient;
  projectId: string;
  datasetId: string;
  question: BankQuestion;
  model: string;
  timeoutMs: number;
}): Promise<RunOutcome> {
  const started = performance.now();
  const session = await openSession({
    client: input.client,
    projectId: input.projectId,
    title: `eval ${input.question.id}`,
  });
  const outcome =
    "problem" in session
      ? notStartedOutcome({ problem: session.problem })
      : await askInSession({ ...input, sessionId: session.sessionId });
  return { ...outcome, durationMs: Math.round(performance.now() - started) };
}

/** Creates a chat session in the project; a refusal comes back as the problem to report. */
export async function openSession(input: {
  client: WorkbenchClient;
  projectId: string;
  title: string;
}): Promise<{ sessionId: string } | { problem: string }> {
  const session = await postWithRetry({
    client: input.client,
    path: `/api/projects/${input.projectId}/sessions`,
    body: { title: input.title },
  });
  if (session.status !== 201) {
    return { problem: `create session answered ${describeApiAnswer(session)}` };
  }
  return { sessionId: String(session.body?.session_id) };
}

/**
 * Asks one question in an existing session: a run with the dataset attached and the chosen
 * model, the event stream followed to its end, then the saved run read once it has settled, so
 * the next question of the session starts only after this run is over. The tool calls and
 * their results come from the run snapshot (`GET /api/runs/{id}`), which keeps every result's
 * whole envelope. A run still going at `timeoutMs` is cancelled and judged as is.
 */
export async function askInSession(input: {
  client: WorkbenchClient;
  sessionId: string;
  datasetId: string;
  question: BankQuestion;
  model: string;
  timeoutMs: number;
}): Promise<RunOutcome> {
  const { client } = input;
  const started = performance.now();
  const outcome = (fields: Omit<RunOutcome, "durationMs">): RunOutcome => ({
    ...fields,
    durationMs: Math.round(performance.now() - started),
  });
  // One start_request_id for every attempt: a retried start answers the same run (RC idempotency).
  const run = await postWithRetry({
    client,
    path: `/api/sessions/${input.sessionId}/runs`,
    body: {
      start_request_id: randomUUID(),
      message: input.question.question,
      attachments: [input.datasetId],
      options: { model: input.model },
    },
  });
  if (run.status !== 202 && run.status !== 200) {
    return outcome(notStartedOutcome({ problem: `start run answered ${describeApiAnswer(run)}` }));
  }
  const runId = String(run.body?.run_id);
  const events: StreamedRunEvent[] = [];
  const deadline = AbortSignal.timeout(input.timeoutMs);
  let streamProblem: string | undefined;
  try {
    await readRunEvents({ client, runId, signal: deadline, events });
  } catch (error) {
    streamProblem = deadline.aborted
      ? `no answer within ${Math.round(input.timeoutMs / 1000)} s`
      : `the event stream failed: ${(error as Error).message}`;
  }
  const timedOut = deadline.aborted && !events.some(isTerminalEvent);
  if (timedOut) await cancelRun({ client, runId });
  const snapshot = await readSettledSnapshot({ client, runId });
  const streamed = events
    .filter((event) => event.type === "text_delta")
    .map((event) => String(event.data.text ?? ""))
    .join("");
  const runError = events.find((event) => event.type === "run_error")?.data;
  const snapshotError = snapshot?.error ? `${snapshot.error.code}: ${snapshot.error.message}` : "";
  return outcome({
    runId,
    runStatus: timedOut ? "timed_out" : (snapshot?.run_status ?? "unknown"),
    answer: streamed.trim() !== "" ? streamed : lastAssistantText(snapshot),
    toolCalls: snapshot?.tool_calls ?? [],
    errorCode: (runError?.code as string | undefined) ?? snapshot?.error?.code,
    problem:
      streamProblem ??
      (runError ? `run_error ${runError.code}: ${runError.message}` : snapshotError || undefined),
  });
}

const startAttempts = 3;

/**
 * A POST retried on a server error or a dropped connection. A busy server (several Cora runs
 * at once) can answer a start with 500 when its event loop stalled past a transaction's time
 * limit; that is the server's hiccup, not the model's answer, so it is asked again.
 */
async function postWithRetry(input: {
  client: WorkbenchClient;
  path: string;
  body: unknown;
}): Promise<ApiAnswer> {
  for (let attempt = 1; ; attempt++) {
    try {
      const answer = await input.client.json({
        method: "POST",
        path: input.path,
        body: input.body,
      });
      if (answer.status < 500 || attempt >= startAttempts) return answer;
    } catch (error) {
      if (attempt >= startAttempts) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
  }
}

/** A run that never started: nothing to judge but the problem. */
export function notStartedOutcome(input: { problem: string }): RunOutcome {
  return {
    runStatus: "not_started",
    answer: "",
    toolCalls: [],
    problem: input.problem,
    durationMs: 0,
  };
}

/**
 * The run snapshot once its final state is saved: the stream ends as soon as the terminal
 * event is sent, and the saved state follows within moments.
 */
async function readSettledSnapshot(input: {
  client: WorkbenchClient;
  runId: string;
}): Promise<RunSnapshot | undefined> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const answer = await input.client
      .json({ method: "GET", path: `/api/runs/${input.runId}` })
      .catch(() => undefined);
    // Read with the snapshot's own contract, as the chat reads it: a field the server renamed
    // fails here, loudly, instead of reading as missing.
    const parsed = answer?.status === 200 ? runSnapshotSchema.safeParse(answer.body) : undefined;
    if (parsed && !parsed.success) {
      console.warn(`run ${input.runId}: the snapshot does not parse:`, parsed.error.issues[0]);
    }
    const snapshot = parsed?.success ? parsed.data : undefined;
    if (snapshot?.terminal_persisted || Date.now() > deadline) return snapshot;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function cancelRun(input: { client: WorkbenchClient; runId: string }): Promise<void> {
  await input.client
    .json({
      method: "POST",
      path: "/api/runs/cancel",
      body: { cancel_request_id: randomUUID(), run_id: input.runId },
    })
    .catch(() => undefined);
}

function lastAssistantText(snapshot: RunSnapshot | undefined): string {
  const assistant = (snapshot?.messages ?? []).filter((message) => message.role === "assistant");
  const last = assistant.at(-1);
  if (!last) return "";
  return last.parts.map((part) => (part.type === "text" ? part.text : "")).join("");
}
