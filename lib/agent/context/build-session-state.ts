import "server-only";
import type { RunOptions } from "@/lib/contracts/run-options";
import { readRevisionPins } from "@/lib/contracts/session-revision-pins";
import type { LocalRulesSessionState } from "@/lib/contracts/session-state-block";
import { loadRunDatasetScope } from "@/lib/datasets/run-dataset-scope";
import { listPreviousRunToolCalls } from "@/lib/db/queries/run-tool-history";

type SessionRow = { id: string; projectId: string; activeDatasetId: string | null; state: unknown };

/**
 * The data scope of one run, refreshed from the database before it starts (SS-4): what is
 * attached, what is constructed, what the session is bound to. Ids come from the database,
 * never from file names, and never from another project; `scopeDatasetIds` (attachments plus
 * constructed datasets, `decideDatasetScope`) is what the runtime lets a tool call name.
 */
export async function buildSessionState(input: {
  ownerId: string;
  session: SessionRow;
  attachments: string[];
  options: RunOptions;
  /** The run being prepared: its own calls are not "previous". */
  runId?: string;
}): Promise<{ state: LocalRulesSessionState; scopeDatasetIds: Set<string> }> {
  const [{ datasets, scopeDatasetIds }, previousCalls] = await Promise.all([
    loadRunDatasetScope({
      ownerId: input.ownerId,
      projectId: input.session.projectId,
      attachments: input.attachments,
    }),
    input.runId
      ? listPreviousRunToolCalls({
          sessionId: input.session.id,
          beforeRunId: input.runId,
          // Reading or proposing skills is not part of an analysis to repeat.
          excludeToolNames: ["read_skill", "read_skill_file", "propose_skill"],
        })
      : [],
  ]);
  // A session held to a revision (a re-run's) sees that revision as the dataset's current one.
  const pins = readRevisionPins(input.session.state);
  const byId = new Map(
    datasets.map((dataset) => {
      const pinned = pins.get(dataset.dataset_id);
      const held =
        pinned !== undefined && dataset.construction_revision !== null
          ? { ...dataset, construction_status: "ready" as const, construction_revision: pinned }
          : dataset;
      return [dataset.dataset_id, held];
    }),
  );
  const stored = (input.session.state ?? {}) as { graph_loaded?: boolean };
  const active = input.session.activeDatasetId
    ? byId.get(input.session.activeDatasetId)
    : undefined;
  const state: LocalRulesSessionState = {
    graph_loaded_hint: typeof stored.graph_loaded === "boolean" ? stored.graph_loaded : null,
    active_dataset_id: active?.dataset_id ?? null,
    data_state: active
      ? {
          dataset_id: active.dataset_id,
          construction_status: active.construction_status,
          construction_revision: active.construction_revision,
        }
      : null,
    construction_sources: input.attachments.flatMap((id) => {
      const dataset = byId.get(id);
      return dataset
        ? [
            {
              dataset_id: dataset.dataset_id,
              name: dataset.name,
              kind: dataset.kind,
              construction_status: dataset.construction_status,
              construction_revision: dataset.construction_revision,
            },
          ]
        : [];
    }),
    available_constructed_datasets: [...byId.values()].flatMap((dataset) =>
      dataset.construction_revision === null
        ? []
        : [
            {
              dataset_id: dataset.dataset_id,
              name: dataset.name,
              construction_revision: dataset.construction_revision,
            },
          ],
    ),
    output_format: input.options.output_format,
    planning_mode: input.options.planning_mode,
    reasoning_mode: input.options.reasoning_mode,
    ...(previousCalls.length > 0
      ? {
          previous_run_tools: previousCalls.map((call) => ({
            tool_name: call.toolName,
            args: (call.args ?? {}) as Record<string, unknown>,
          })),
        }
      : {}),
  };
  // The tools may touch what is attached or constructed, not every dataset of the project.
  return { state, scopeDatasetIds };
}
