import type { Mention, TypeMention } from "./mention";
import type { CatalogueTable } from "./query-catalogue";
import type { QuestionReading } from "./question-reading";

function tablesOf(list: Mention[]): CatalogueTable[] {
  return [...new Set(list.flatMap((mention) => (mention.kind === "type" ? [mention.table] : [])))];
}

function endpointsOf(edge: CatalogueTable): string[] {
  return [edge.sourceKey, edge.targetKey].filter((key): key is string => key !== null);
}

/**
 * The rows a count runs over. A table the question names outright comes first — one that no
 * value narrows ("loans" in "loans of premium members"), else the narrowed one ("members" in
 * "members in the Officer club"); then a table named by a verb ("borrowed" → loans); then the
 * table that owns the grouped property; a graph with one node type counts its nodes. A verb
 * whose link table ends at every named table counts the events, not the things: "which author's
 * books are borrowed most" counts loans. Null when the candidates disagree.
 */
export function chooseCountedRows(reading: QuestionReading): CatalogueTable | null {
  const { groupTarget, used, mentions, catalogue } = reading;
  const valueTables = new Set(
    mentions.flatMap((mention) =>
      mention.kind === "value" ? mention.candidates.map((candidate) => candidate.ref.table) : [],
    ),
  );
  const free = mentions.filter(
    (mention): mention is TypeMention =>
      mention.kind === "type" && !used.has(mention) && mention.strength !== "action",
  );
  const unscoped = tablesOf(free.filter((mention) => !valueTables.has(mention.table)));
  const scoped = tablesOf(free.filter((mention) => valueTables.has(mention.table)));
  const actions = tablesOf(
    mentions.filter((mention) => mention.kind === "type" && mention.strength === "action"),
  );
  if (actions.length === 1 && actions[0].kind === "edge" && unscoped.length > 0) {
    const ends = endpointsOf(actions[0]);
    if (unscoped.every((table) => ends.includes(table.key))) {
      for (const mention of free) if (!valueTables.has(mention.table)) used.add(mention);
      return actions[0];
    }
  }
  const owners =
    groupTarget?.target.kind === "property"
      ? [...new Set(groupTarget.target.candidates.map((ref) => ref.table))]
      : [];
  const choice = [unscoped, scoped, actions, owners].find((list) => list.length > 0);
  if (choice) return choice.length === 1 ? choice[0] : null;
  const nodeTables = catalogue.tables.filter((table) => table.kind === "node");
  return !groupTarget && nodeTables.length === 1 ? nodeTables[0] : null;
}
