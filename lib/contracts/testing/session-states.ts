import type { LocalRulesSessionState } from "@/lib/contracts/session-state-block";

/** A session with nothing bound, attached or constructed. */
export function emptyState(
  overrides: Partial<LocalRulesSessionState> = {},
): LocalRulesSessionState {
  return {
    graph_loaded_hint: false,
    active_dataset_id: null,
    data_state: null,
    construction_sources: [],
    available_constructed_datasets: [],
    output_format: "chat",
    ...overrides,
  };
}

/** The karate dataset attached to this message with a ready construction (revision 3). */
export function attachedKarateState(
  overrides: Partial<LocalRulesSessionState> = {},
): LocalRulesSessionState {
  return emptyState({
    construction_sources: [
      {
        dataset_id: "ds_karate",
        name: "karate.csv",
        kind: "csv",
        construction_status: "ready",
        construction_revision: 3,
      },
    ],
    available_constructed_datasets: [
      { dataset_id: "ds_karate", name: "karate.csv", construction_revision: 3 },
    ],
    ...overrides,
  });
}

/** The karate dataset bound to the session (not attached), ready at revision 3. */
export function boundKarateState(
  overrides: Partial<LocalRulesSessionState> = {},
): LocalRulesSessionState {
  return emptyState({
    active_dataset_id: "ds_karate",
    data_state: { dataset_id: "ds_karate", construction_status: "ready", construction_revision: 3 },
    available_constructed_datasets: [
      { dataset_id: "ds_karate", name: "karate.csv", construction_revision: 3 },
    ],
    ...overrides,
  });
}
