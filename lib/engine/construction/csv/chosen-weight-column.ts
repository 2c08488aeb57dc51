import { EngineError } from "../../engine-error";
import { type EdgeColumns, normaliseColumnName } from "./csv-columns";

/**
 * The edge columns with the weight read from the column the user named (`amount`, `fee`…)
 * instead of the one the name rule found: the detected one, if any, stays an edge property. The
 * name matches a column's header exactly, else after normalising ("Amount_EUR" = "amount eur").
 * An unknown, endpoint or non-numeric column is a bad request, not a parse failure of the file.
 */
export function withChosenWeightColumn(input: {
  columns: EdgeColumns;
  names: string[];
  weightColumn: string;
  isNumericColumn: (column: number) => boolean;
}): EdgeColumns {
  const { columns, names, weightColumn } = input;
  const chosen = findWeightColumn({ names, name: weightColumn });
  if (chosen === -1) {
    throw new EngineError(
      "INVALID_REQUEST",
      `The edge table has no column "${weightColumn}" to read weights from (its columns: ${names.join(", ")}).`,
      { weight_column: weightColumn, columns: names },
    );
  }
  if (chosen === columns.source || chosen === columns.target) {
    throw new EngineError(
      "INVALID_REQUEST",
      `Column "${names[chosen]}" holds the edges' endpoints; it cannot also be their weight.`,
      { weight_column: weightColumn },
    );
  }
  if (!input.isNumericColumn(chosen)) {
    throw new EngineError(
      "INVALID_REQUEST",
      `Column "${names[chosen]}" is not numeric, so it cannot be an edge weight.`,
      { weight_column: weightColumn },
    );
  }
  const type = columns.type === chosen ? -1 : columns.type;
  const roles = new Set([columns.source, columns.target, chosen, type]);
  const properties: number[] = [];
  for (let c = 0; c < names.length; c++) if (!roles.has(c)) properties.push(c);
  return { source: columns.source, target: columns.target, weight: chosen, type, properties };
}

/** The column a weight-column name means: exact header first, then a unique normalised match. */
export function findWeightColumn({ names, name }: { names: string[]; name: string }): number {
  const exact = names.indexOf(name.trim());
  if (exact !== -1) return exact;
  const wanted = normaliseColumnName({ name });
  const matches = names.flatMap((candidate, column) =>
    normaliseColumnName({ name: candidate }) === wanted ? [column] : [],
  );
  return matches.length === 1 ? matches[0] : -1;
}
