"use client";

import { useState } from "react";
import type { ConstructDatasetRequest } from "@/lib/contracts/construction";
import type { Dataset } from "@/lib/contracts/dataset";
import { useConstructions } from "./use-constructions";
import { useDatasetColumns } from "./use-dataset-columns";

/** The choices a build is asked with, as the form holds them ("" = none). */
export type BuildChoices = { directed: boolean; weightColumn: string; nodesDatasetId: string };

// Edge lists say nothing about direction; graph files, SQL and SQLite say their own.
const directionKinds = new Set(["csv", "txt"]);

function sameColumnName(a: string, b: string): boolean {
  const normalise = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");
  return normalise(a) === normalise(b);
}

/**
 * How the next build of a dataset is asked for. The choices start from what the current
 * revision was built with (so a rebuild keeps them, also after a reload), or before a first
 * build from what the file suggests (its weight column, the node table uploaded with it); the
 * user's changes lie on top until the next build is saved.
 */
export function useBuildChoices(dataset: Dataset) {
  const isCsv = dataset.kind === "csv";
  const constructions = useConstructions(dataset.dataset_id);
  const columns = useDatasetColumns({ datasetId: dataset.dataset_id, enabled: isCsv });
  const [edits, setEdits] = useState<Partial<BuildChoices>>({});
  const current = constructions.data?.find(
    (construction) =>
      construction.revision === dataset.construction_revision && construction.status === "ready",
  );
  const weightCandidates = (columns.data ?? [])
    .filter((column) => column.numeric && column.role !== "source" && column.role !== "target")
    .map((column) => column.name);
  // Until the columns are known (or when the table cannot be read) the weights are left to the
  // server's name rule.
  const weightChoiceKnown = isCsv && columns.isSuccess && columns.data.length > 0;
  // A headerless table's weights are recorded as "column 3", its column listed as "column_3".
  const listedName = (name: string | null) =>
    weightCandidates.find((candidate) => sameColumnName(candidate, name ?? "")) ?? name ?? "";
  const defaults: BuildChoices = current
    ? {
        directed: current.directed,
        weightColumn: current.weighted ? listedName(current.weight_column) : "",
        nodesDatasetId: current.nodes_dataset_id ?? "",
      }
    : {
        directed: false,
        weightColumn: columns.data?.find((column) => column.role === "weight")?.name ?? "",
        nodesDatasetId: dataset.nodes_dataset_id ?? "",
      };
  const choices: BuildChoices = { ...defaults, ...edits };
  const weightOptions =
    choices.weightColumn !== "" && !weightCandidates.includes(choices.weightColumn)
      ? [choices.weightColumn, ...weightCandidates]
      : weightCandidates;

  function requestOptions(): ConstructDatasetRequest {
    if (!directionKinds.has(dataset.kind)) return {};
    if (!isCsv) return { directed: choices.directed };
    return {
      directed: choices.directed,
      nodes_dataset_id: choices.nodesDatasetId || null,
      ...(weightChoiceKnown ? { weight_column: choices.weightColumn || null } : {}),
    };
  }

  return {
    /** Whether the dataset is an edge list whose build takes options at all. */
    hasOptions: directionKinds.has(dataset.kind),
    isCsv,
    current,
    choices,
    weightChoiceKnown,
    weightOptions,
    change: (change: Partial<BuildChoices>) => setEdits((before) => ({ ...before, ...change })),
    /** After a build: the new revision now says what it was built with. */
    reset: () => setEdits({}),
    requestOptions,
  };
}
