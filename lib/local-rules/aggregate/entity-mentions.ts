import { singularOf } from "./english-forms";
import { findPhrase } from "./find-phrase";
import type { MentionCandidate } from "./mention";
import type { CatalogueColumn, CatalogueTable, QueryCatalogue } from "./query-catalogue";

/**
 * A node the question names by its name or id and a search confirmed ("ledger-service" is
 * repositories:4): the aggregate keeps the rows that reach that node. The schema lists only a
 * few values of a name column, so a name is confirmed by search_node, not read off the schema.
 */
export type NamedEntity = {
  /** The words of the question that name it. */
  surface: string;
  id: string;
  /** Its node type; null on a graph with one node table. */
  type: string | null;
  label?: string;
};

// One id column object per table: the plan compares columns by identity. A catalogue's tables
// die with it, so the map holds them weakly; a set of the columns says which are node ids.
const idColumns = new WeakMap<CatalogueTable, CatalogueColumn>();
const nodeIdColumns = new WeakSet<CatalogueColumn>();

function idColumnOf(table: CatalogueTable): CatalogueColumn {
  let column = idColumns.get(table);
  if (!column) {
    column = {
      // Conditions read "repository = ledger-service (repositories:4)".
      property: table.type === "default" ? "node" : singularOf(table.type),
      column: "id",
      kind: "text",
      values: [],
      nodeLabel: false,
    };
    idColumns.set(table, column);
    nodeIdColumns.add(column);
  }
  return column;
}

/** Whether a column is the id column a confirmed node filters on. */
export function isNodeIdColumn(column: CatalogueColumn): boolean {
  return nodeIdColumns.has(column);
}

function tableOf(catalogue: QueryCatalogue, entity: NamedEntity): CatalogueTable | null {
  if (entity.type !== null) return catalogue.byKey.get(`node:${entity.type}`) ?? null;
  const nodeTables = catalogue.tables.filter((table) => table.kind === "node");
  return nodeTables.length === 1 ? nodeTables[0] : null;
}

/** How an answer shows the node: its name and, when they differ, its id. */
export function shownEntity(entity: NamedEntity): string {
  const name = entity.label ?? entity.surface;
  return name === entity.id ? name : `${name} (${entity.id})`;
}

/**
 * The spans of the question that name confirmed nodes, each a value of its table's id column.
 * They rank below the schema's own values, so a listed value ("Economics" of departments.name)
 * keeps the reading it had.
 */
export function findEntityMentions(input: {
  question: string;
  catalogue: QueryCatalogue;
  entities: NamedEntity[];
}): MentionCandidate[] {
  const found: MentionCandidate[] = [];
  for (const entity of input.entities) {
    const table = tableOf(input.catalogue, entity);
    if (!table) continue;
    for (const { start, end } of findPhrase({ text: input.question, phrase: entity.surface })) {
      found.push({
        kind: "value",
        start,
        end,
        surface: input.question.slice(start, end),
        candidates: [
          {
            ref: { table, column: idColumnOf(table) },
            value: entity.id,
            caseInsensitive: false,
            shown: shownEntity(entity),
          },
        ],
        rank: 1,
      });
    }
  }
  return found;
}
