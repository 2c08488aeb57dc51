import type {
  ConstructionStatus,
  LocalRulesSessionState,
} from "@/lib/contracts/session-state-block";

/** The dataset a question works on, and where that choice came from. */
export type DatasetInScope = {
  datasetId: string;
  name?: string;
  /** "unknown" when the state names the dataset without its construction status. */
  status: ConstructionStatus | "unknown";
  revision: number | null;
  source: "attachment" | "active" | "only-available";
};

/** A readable name of a dataset id from the session state, when it has one. */
export function datasetNameOf(input: {
  state: LocalRulesSessionState | null;
  datasetId: string | null | undefined;
}): string | undefined {
  const { state, datasetId } = input;
  if (!state || !datasetId) return undefined;
  return (
    state.construction_sources.find((source) => source.dataset_id === datasetId)?.name ??
    state.available_constructed_datasets.find((dataset) => dataset.dataset_id === datasetId)?.name
  );
}

/**
 * The dataset in scope (SS-4): an attachment of this message first (the first ready one, else
 * the first), else the session's active dataset, else the project's only constructed dataset.
 * Ids come from the state only, never from file names in the question.
 */
export function datasetInScope(input: {
  state: LocalRulesSessionState | null;
}): DatasetInScope | null {
  const { state } = input;
  if (!state) return null;
  const attachments = state.construction_sources;
  const attachment =
    attachments.find((source) => source.construction_status === "ready") ?? attachments[0];
  if (attachment) {
    return {
      datasetId: attachment.dataset_id,
      name: attachment.name,
      status: attachment.construction_status,
      revision: attachment.construction_revision,
      source: "attachment",
    };
  }
  const activeId = state.active_dataset_id;
  if (activeId) {
    const name = datasetNameOf({ state, datasetId: activeId });
    if (state.data_state?.dataset_id === activeId) {
      return {
        datasetId: activeId,
        name,
        status: state.data_state.construction_status,
        revision: state.data_state.construction_revision,
        source: "active",
      };
    }
    const available = state.available_constructed_datasets.find(
      (dataset) => dataset.dataset_id === activeId,
    );
    return {
      datasetId: activeId,
      name,
      status: available ? "ready" : "unknown",
      revision: available?.construction_revision ?? null,
      source: "active",
    };
  }
  const [only, ...others] = state.available_constructed_datasets;
  if (only && others.length === 0) {
    return {
      datasetId: only.dataset_id,
      name: only.name,
      status: "ready",
      revision: only.construction_revision,
      source: "only-available",
    };
  }
  return null;
}
