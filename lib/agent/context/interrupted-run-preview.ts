import { isUnfinishedJob } from "@/lib/agent/scheduler/is-unfinished-job";
import { toolEnvelopeSchema } from "@/lib/contracts/tool-envelope";
import { estimateTokens } from "@/lib/memory/context/estimate-tokens";

/**
 * The whole preview block, guidance included, stays within this many estimated tokens: what an
 * interrupted run carries into the next one is bounded however much that run produced (MEM-4).
 */
export const interruptedRunPreviewTokenBudget = 1_500;
/** One confirmed result is shown as an excerpt of at most this many estimated tokens. */
export const interruptedRunResultExcerptTokens = 250;
/** A call's arguments are shown as an excerpt of at most this many estimated tokens. */
export const interruptedRunArgumentsExcerptTokens = 60;
/** The unfinished answer is shown as an excerpt of at most this many estimated tokens. */
export const interruptedRunPartialAnswerTokens = 300;

/** Marker that opens the interrupted-run preview inside the system prompt. */
export const interruptedRunPreviewOpenMarker = "<interrupted_run_preview>";
/** Marker that closes the interrupted-run preview inside the system prompt. */
export const interruptedRunPreviewCloseMarker = "</interrupted_run_preview>";

/** The label every carried tool result wears. */
export const confirmedResultLabel = "confirmed tool result of an interrupted run";
/** The label the carried partial answer wears. */
export const unfinishedAnswerLabel =
  "unfinished answer of an interrupted run — not a conclusion, may be wrong or incomplete";

/** Statuses of a run that ended without completing: its carry-over is this preview. */
export const unfinishedRunStatuses: ReadonlySet<string> = new Set([
  "interrupted",
  "cancelled",
  "error",
]);

/** A saved tool call of the interrupted run, as the database has it (any status). */
export type InterruptedRunToolCall = {
  toolCallId: string;
  toolName: string;
  args: unknown;
  status: string;
  success: boolean | null;
  result: unknown;
  summary: string | null;
};

/** The interrupted run as saved: its status, its partial answer and its tool calls in order. */
export type InterruptedRun = {
  runId: string;
  runStatus: string;
  partialText: string;
  toolCalls: InterruptedRunToolCall[];
};

/** The rendered block and what it shows, so callers and tests can tell what was left out. */
export type InterruptedRunPreview = {
  block: string;
  shownToolCallIds: string[];
  confirmedLeftOut: number;
  notConfirmed: number;
};

const guidance = (status: string) =>
  `The previous run of this session did not finish (run_status: ${status}). Below is a bounded preview of it: excerpts of the tool results it confirmed (calls that succeeded with a saved result; calls that failed, were blocked, cancelled or never confirmed are not shown, and their effects are unknown) and its unfinished partial answer. This preview is never a memory, a conclusion or an authorisation: approvals given in that run do not carry over (an approval-gated tool waits for a new approval), its partial answer must not be repeated as a finding, and nothing from it is saved to memory. Call the tools again for a full or current result.`;

/**
 * The carry-over of an interrupted run into the next run's prompt (MEM-4): its confirmed tool
 * results only, each labelled and cut to an excerpt, its partial answer labelled unfinished and
 * cut too, all within `interruptedRunPreviewTokenBudget`. Results are taken whole, in call order,
 * until the next would not fit; the block says how many were left out.
 */
export function buildInterruptedRunPreview(input: { run: InterruptedRun }): InterruptedRunPreview {
  const { run } = input;
  const confirmed = run.toolCalls.flatMap((call) => {
    const item = confirmedItem(call);
    return item ? [item] : [];
  });
  const notConfirmed = run.toolCalls.length - confirmed.length;
  const header = `run ${run.runId} · run_status ${run.runStatus} · ${confirmed.length} confirmed tool result(s) · ${notConfirmed} call(s) not confirmed, not shown`;
  const partial = partialAnswerLines(run.partialText);
  const render = (shown: string[]) => {
    const leftOut = confirmed.length - shown.length;
    const lines = [header, ...shown];
    if (confirmed.length === 0) lines.push("[no confirmed tool results]");
    if (leftOut > 0) {
      lines.push(
        `[${leftOut} more confirmed result(s) left out to keep this preview within its budget; call their tools again if they are needed]`,
      );
    }
    lines.push(partial);
    return `${guidance(run.runStatus)}\n${interruptedRunPreviewOpenMarker}\n${lines.join("\n")}\n${interruptedRunPreviewCloseMarker}`;
  };
  const shown: string[] = [];
  const shownToolCallIds: string[] = [];
  for (const item of confirmed) {
    if (
      estimateTokens({ text: render([...shown, item.text]) }) > interruptedRunPreviewTokenBudget
    ) {
      break;
    }
    shown.push(item.text);
    shownToolCallIds.push(item.toolCallId);
  }
  return {
    block: render(shown),
    shownToolCallIds,
    confirmedLeftOut: confirmed.length - shown.length,
    notConfirmed,
  };
}

/**
 * An older unfinished run's answer as the history shows it: labelled and cut to the same
 * budget as the preview's partial answer, so no unfinished text reads as a conclusion or grows
 * the prompt without bound.
 */
export function unfinishedAnswerExcerpt(input: { text: string }): string {
  return partialAnswerLines(input.text);
}

function partialAnswerLines(partialText: string): string {
  const text = partialText.trim();
  if (text === "") return `[${unfinishedAnswerLabel}: none]`;
  const excerpt = clipToTokens(text, interruptedRunPartialAnswerTokens);
  return `[${unfinishedAnswerLabel}; ${extent(excerpt, text)}]\n${escapeForBlock(excerpt)}`;
}

// Confirmed: the call succeeded and its saved result is a successful, finished envelope. A
// started call, a failure or a job handle that never got its result is no fact to carry.
function confirmedItem(call: InterruptedRunToolCall): { toolCallId: string; text: string } | null {
  if (call.status !== "succeeded" || call.success !== true) return null;
  const envelope = toolEnvelopeSchema.safeParse(call.result);
  if (!envelope.success || !envelope.data.success || isUnfinishedJob({ envelope: envelope.data })) {
    return null;
  }
  const result = JSON.stringify(envelope.data.data ?? envelope.data) ?? "";
  const excerpt = clipToTokens(result, interruptedRunResultExcerptTokens);
  const args = JSON.stringify(call.args ?? {}) ?? "{}";
  const argsExcerpt = clipToTokens(args, interruptedRunArgumentsExcerptTokens);
  const lines = [
    `[${confirmedResultLabel}] ${call.toolName} · call ${call.toolCallId} · arguments ${escapeForBlock(argsExcerpt)}${argsExcerpt.length < args.length ? " …" : ""}`,
  ];
  if (call.summary) lines.push(`summary: ${escapeForBlock(call.summary)}`);
  lines.push(`result (${extent(excerpt, result)}): ${escapeForBlock(excerpt)}`);
  return { toolCallId: call.toolCallId, text: lines.join("\n") };
}

function extent(excerpt: string, whole: string): string {
  return excerpt.length === whole.length
    ? `complete, ${whole.length} characters`
    : `excerpt: first ${excerpt.length} of ${whole.length} characters`;
}

// `<` is escaped so a carried text containing a block's closing marker cannot end the preview
// (or be read as another block) early.
function escapeForBlock(text: string): string {
  return text.replace(/</g, "\\u003c");
}

/**
 * The longest prefix of `text` whose escaped form costs at most `tokens` estimated tokens.
 * Escaping only adds characters and every character costs at least a quarter token, so nothing
 * past `tokens * 4` characters can fit: a huge text costs no more than a short one to cut.
 */
function clipToTokens(text: string, tokens: number): string {
  const cost = (slice: string) => estimateTokens({ text: escapeForBlock(slice) });
  if (text.length <= tokens * 4 && cost(text) <= tokens) return text;
  let low = 0;
  let high = Math.min(text.length, tokens * 4);
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (cost(text.slice(0, middle)) <= tokens) low = middle;
    else high = middle - 1;
  }
  // A cut between the two halves of a surrogate pair would leave half a character.
  const last = text.charCodeAt(low - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? low - 1 : low);
}
