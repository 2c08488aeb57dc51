import "server-only";
import { findWeightColumn } from "@/lib/engine/construction/csv/chosen-weight-column";
import { InvalidRequestError } from "@/lib/errors/http-errors";
import { listDatasetColumns } from "../datasets/list-dataset-columns";
import type { ConstructDatasetOptions } from "./construct-dataset";

/**
 * Refuses a named weight column the edge table does not have, or whose sampled values are not
 * numbers (INVALID_REQUEST, with the table's numeric columns), and one named for a dataset that
 * is not a CSV table. A value further down that is not a number still fails the build itself,
 * with its line.
 */
export async function checkWeightColumn(input: {
  ownerId: string;
  dataset: { id: string; kind: string };
  options: ConstructDatasetOptions;
}): Promise<void> {
  const wanted = input.options.weight_column;
  if (typeof wanted !== "string") return;
  if (input.dataset.kind !== "csv") {
    throw new InvalidRequestError("A weight column can only be chosen for a CSV edge table.", {
      weight_column: wanted,
    });
  }
  const columns = await listDatasetColumns({
    ownerId: input.ownerId,
    datasetId: input.dataset.id,
  });
  const numericColumns = columns
    .filter((column) => column.numeric && column.role !== "source" && column.role !== "target")
    .map((column) => column.name);
  const column =
    columns[findWeightColumn({ names: columns.map((candidate) => candidate.name), name: wanted })];
  if (!column) {
    throw new InvalidRequestError(
      `The edge table has no column "${wanted}" (numeric columns: ${numericColumns.join(", ") || "none"}).`,
      { weight_column: wanted, numeric_columns: numericColumns },
    );
  }
  if (column.role === "source" || column.role === "target") {
    throw new InvalidRequestError(
      `Column "${wanted}" holds the edges' endpoints; it cannot also be their weight.`,
      { weight_column: wanted, numeric_columns: numericColumns },
    );
  }
  if (!column.numeric) {
    throw new InvalidRequestError(
      `Column "${wanted}" is not numeric, so it cannot be an edge weight (numeric columns: ${numericColumns.join(", ") || "none"}).`,
      { weight_column: wanted, numeric_columns: numericColumns },
    );
  }
}
