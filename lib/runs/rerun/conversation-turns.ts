import "server-only";
import { type RunOptions, runOptionsSchema } from "@/lib/contracts/run-options";
import { listConversationTurnsForRerun } from "@/lib/db/queries/reruns";
import { readTurnEvidence, type TurnEvidence } from "./turn-evidence";

/** One question of a conversation, with how it was asked and what it answered. */
export type ConversationTurn = {
  runId: string;
  runStatus: string;
  message: string;
  attachments: string[];
  options: Omit<RunOptions, "model">;
  evidence: TurnEvidence;
  /** The datasets (and revisions) its tool results loaded, in order. */
  loaded: { datasetId: string; revision: number | null }[];
};

const loadingTools = new Set([
  "load_constructed_graph",
  "switch_graph_version",
  "commit_graph_optimization",
  "construct_graph",
]);

function textOf(parts: unknown): string {
  if (!Array.isArray(parts)) return "";
  return parts
    .filter((part) => part?.type === "text" && typeof part.text === "string")
    .map((part) => part.text as string)
    .join("\n");
}

function stringIds(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : [];
}

/** The dataset a loading tool's result names (a construction's sits one level down). */
function loadedBy(result: unknown): { datasetId: string; revision: number | null } | null {
  const data = (result as { data?: Record<string, unknown> } | null)?.data;
  const source = (data?.construction ?? data?.graph ?? data) as Record<string, unknown> | undefined;
  const datasetId = source?.dataset_id ?? data?.dataset_id;
  if (typeof datasetId !== "string") return null;
  const revision = source?.revision ?? data?.revision;
  return { datasetId, revision: typeof revision === "number" ? revision : null };
}

/**
 * The questions of a conversation in the order they were asked, each with its options (the
 * model left out: a re-run chooses its own), attachments and the evidence of its answer. Turns
 * without a text question (none today) are skipped.
 */
export async function readConversationTurns(input: {
  ownerId: string;
  sessionId: string;
}): Promise<ConversationTurn[]> {
  const runs = await listConversationTurnsForRerun(input);
  return runs.flatMap((run) => {
    const message = textOf(run.messages[0]?.parts).trim();
    if (!message) return [];
    const parsed = runOptionsSchema.safeParse(run.options ?? {});
    const { model: _model, ...options } = parsed.success ? parsed.data : runOptionsSchema.parse({});
    const toolCalls = run.toolCalls.map((call) => ({
      toolName: call.toolName,
      args: call.args,
      result: call.result,
    }));
    return [
      {
        runId: run.id,
        runStatus: run.runStatus,
        message,
        attachments: stringIds(run.attachments),
        options,
        evidence: readTurnEvidence({ answer: run.finalText ?? run.partialText, toolCalls }),
        loaded: toolCalls.flatMap((call) =>
          loadingTools.has(call.toolName) ? (loadedBy(call.result) ?? []) : [],
        ),
      },
    ];
  });
}
