import type {
  AggregateFilter,
  AggregateGroup,
  AggregateIntent,
  AggregateMeasure,
} from "./aggregate-intent";
import type { CatalogueTable } from "./query-catalogue";
import type { QuestionReading } from "./question-reading";

type PlanParts = {
  measure: AggregateMeasure;
  rows: CatalogueTable;
  group: AggregateGroup | null;
  filters: AggregateFilter[];
};

// Properties that name a node: asking for "the name of the customer who…" is still the entity.
const nameProperty = /^(?:name|title|label)$/i;

/**
 * Whether every table, property and value the question names plays a part in the plan. A word
 * left over means the question asked for something the plan does not compute.
 */
export function everyMentionPlays(reading: QuestionReading, plan: PlanParts): boolean {
  const tables = new Set<CatalogueTable>([
    plan.rows,
    ...plan.filters.map((filter) => filter.ref.table),
  ]);
  const columns = new Set(plan.filters.map((filter) => filter.ref.column));
  if (plan.measure.kind !== "count") {
    tables.add(plan.measure.ref.table);
    columns.add(plan.measure.ref.column);
  }
  if (plan.group?.kind === "entity") tables.add(plan.group.table);
  if (plan.group?.kind === "property") {
    tables.add(plan.group.ref.table);
    columns.add(plan.group.ref.column);
  }
  return reading.mentions.every((mention) => {
    if (reading.used.has(mention)) return true;
    if (mention.kind === "type")
      return (
        mention.strength === "action" ||
        tables.has(mention.table) ||
        // "pay its actors": the people at the far end of the measured links are who is paid.
        endsOfMeasuredLinks(plan).has(mention.table.key)
      );
    if (mention.kind === "value") return false;
    if (mention.candidates.some((ref) => columns.has(ref.column))) return true;
    // "Name the city with…", "the name of the customer who…": the answer names its groups.
    return plan.group !== null && nameProperty.test(mention.candidates[0]?.column.property ?? "");
  });
}

function endsOfMeasuredLinks(plan: PlanParts): Set<string> {
  const { rows, measure } = plan;
  if (rows.kind !== "edge" || measure.kind === "count") return new Set();
  return new Set([rows.sourceKey, rows.targetKey].filter((key): key is string => key !== null));
}

/** The question's own words for the rows, the group and the measured property. */
export function wordsOf(reading: QuestionReading, plan: PlanParts): AggregateIntent["words"] {
  const rowsMention = reading.mentions.find(
    (mention) =>
      mention.kind === "type" && mention.table === plan.rows && mention.strength !== "action",
  );
  const { measure } = plan;
  const figure =
    measure.kind === "count"
      ? undefined
      : reading.mentions.find(
          (mention) =>
            mention.kind === "property" &&
            mention.candidates.some((ref) => ref.column === measure.ref.column),
        );
  const target = reading.groupTarget?.target;
  return {
    rows: rowsMention?.surface ?? null,
    group: target ? target.mention.surface : null,
    property: figure?.surface ?? null,
  };
}
