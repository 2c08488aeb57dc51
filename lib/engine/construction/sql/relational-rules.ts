import type { CatalogColumn, CatalogForeignKey, CatalogTable } from "./relational-catalog";

/** Rule 1: a node type. */
export type NodeTablePlan = {
  table: CatalogTable;
  nodeType: string;
  primaryKey: CatalogColumn;
  /** A name/title/label column used as the node label, if any. */
  label: CatalogColumn | null;
  /** Non-foreign-key columns (the primary key included), in table order. */
  properties: CatalogColumn[];
};

/** Rule 3 (`<table>.<column>`) or rule 2 (a link table): an edge type. */
export type EdgeTypePlan = {
  edgeType: string;
  rule: "foreign-key" | "link-table";
  table: CatalogTable;
  /** Column holding the source reference; null for a foreign key (the row's own node). */
  sourceColumn: CatalogColumn | null;
  sourceReference: { nodeTable: NodeTablePlan; column: CatalogColumn } | null;
  targetColumn: CatalogColumn;
  targetReference: { nodeTable: NodeTablePlan; column: CatalogColumn };
  /** Link-table columns other than the two references; none for a foreign key. */
  properties: CatalogColumn[];
};

/** How every table and foreign key of the dump was used, or why it was not. */
export type RelationalPlan = {
  nodeTables: NodeTablePlan[];
  edgeTypes: EdgeTypePlan[];
  skippedTables: { table: string; reason: string }[];
  skippedForeignKeys: { table: string; constraint: string; columns: string[]; reason: string }[];
};

const labelColumnNames = [
  "name",
  "title",
  "label",
  "display_name",
  "displayname",
  "full_name",
  "fullname",
  "username",
];

/**
 * TC-5 over a catalog. (1) A table with a one-column primary key that is not a link table
 * is a node type named after the table; (2) a link table — exactly two single-column foreign
 * keys to node tables and a primary key made of exactly those two columns, or none — is an
 * edge type named after the table, from the first key column's row to the second's; (3) each
 * single-column foreign key of a node table is an edge type `<table>.<column>`. Tables that
 * fit no rule (a composite key that is not a link, no key and not a link) and foreign keys
 * that cannot become edges (several columns, or pointing at a table that is not a node type)
 * are listed as skipped with the reason — never dropped silently. Tables outside `public` are
 * named `schema.table`. Everything is sorted by name (code-unit order, locale-independent).
 */
export function planRelationalGraph({ tables }: { tables: CatalogTable[] }): RelationalPlan {
  const plan: RelationalPlan = {
    nodeTables: [],
    edgeTypes: [],
    skippedTables: [],
    skippedForeignKeys: [],
  };
  const nodeTables = new Map<number, NodeTablePlan>();
  const linkTables: CatalogTable[] = [];
  for (const table of sortByName(tables, typeName)) {
    if (isLinkTable(table)) {
      linkTables.push(table);
    } else if (table.primaryKey?.length === 1) {
      const nodeTable = nodeTablePlan(table);
      nodeTables.set(table.id, nodeTable);
      plan.nodeTables.push(nodeTable);
    } else {
      plan.skippedTables.push({ table: typeName(table), reason: whySkipped(table) });
    }
  }
  for (const nodeTable of plan.nodeTables) {
    const { table } = nodeTable;
    for (const key of table.foreignKeys) {
      const skip = (reason: string) =>
        plan.skippedForeignKeys.push({
          table: nodeTable.nodeType,
          constraint: key.name,
          columns: key.columns.map((number) => columnOf(table, number).name),
          reason,
        });
      if (key.columns.length !== 1) {
        skip("a multi-column foreign key cannot name one node");
        continue;
      }
      const target = nodeTables.get(key.referencedTableId);
      if (!target) {
        skip(`it references ${referencedName(tables, key)}, which is not a node type`);
        continue;
      }
      const column = columnOf(table, key.columns[0]);
      plan.edgeTypes.push({
        edgeType: `${nodeTable.nodeType}.${column.name}`,
        rule: "foreign-key",
        table,
        sourceColumn: null,
        sourceReference: null,
        targetColumn: column,
        targetReference: {
          nodeTable: target,
          column: columnOf(target.table, key.referencedColumns[0]),
        },
        properties: [],
      });
    }
  }
  for (const table of linkTables) {
    const [first, second] = [...table.foreignKeys].sort((a, b) => a.columns[0] - b.columns[0]);
    const sourceTable = nodeTables.get(first.referencedTableId);
    const targetTable = nodeTables.get(second.referencedTableId);
    if (!sourceTable || !targetTable) {
      const missing = sourceTable ? second : first;
      plan.skippedTables.push({
        table: typeName(table),
        reason: `link table whose key ${missing.name} references ${referencedName(tables, missing)}, which is not a node type`,
      });
      continue;
    }
    const linkColumns = new Set([first.columns[0], second.columns[0]]);
    plan.edgeTypes.push({
      edgeType: typeName(table),
      rule: "link-table",
      table,
      sourceColumn: columnOf(table, first.columns[0]),
      sourceReference: {
        nodeTable: sourceTable,
        column: columnOf(sourceTable.table, first.referencedColumns[0]),
      },
      targetColumn: columnOf(table, second.columns[0]),
      targetReference: {
        nodeTable: targetTable,
        column: columnOf(targetTable.table, second.referencedColumns[0]),
      },
      properties: table.columns.filter((column) => !linkColumns.has(column.number)),
    });
  }
  plan.edgeTypes = sortByName(plan.edgeTypes, (edge) => edge.edgeType);
  return plan;
}

/** A table's type name: the table name, schema-qualified outside `public`. */
export function typeName(table: { schema: string; name: string }): string {
  return table.schema === "public" ? table.name : `${table.schema}.${table.name}`;
}

function isLinkTable(table: CatalogTable): boolean {
  const keys = table.foreignKeys;
  if (keys.length !== 2 || keys.some((key) => key.columns.length !== 1)) return false;
  const [a, b] = [keys[0].columns[0], keys[1].columns[0]];
  if (a === b) return false;
  const primaryKey = table.primaryKey;
  if (primaryKey === null) return true;
  return primaryKey.length === 2 && primaryKey.includes(a) && primaryKey.includes(b);
}

function nodeTablePlan(table: CatalogTable): NodeTablePlan {
  const keyColumns = new Set(table.foreignKeys.flatMap((key: CatalogForeignKey) => key.columns));
  const primaryKey = columnOf(table, (table.primaryKey as number[])[0]);
  const properties = table.columns.filter((column) => !keyColumns.has(column.number));
  const candidates = properties.filter((column) => column.number !== primaryKey.number);
  let label: CatalogColumn | null = null;
  for (const name of labelColumnNames) {
    label = candidates.find((column) => column.name.toLowerCase() === name) ?? null;
    if (label) break;
  }
  return { table, nodeType: typeName(table), primaryKey, label, properties };
}

function whySkipped(table: CatalogTable): string {
  const keys = table.foreignKeys.length;
  const shape = `${keys} foreign key${keys === 1 ? "" : "s"}`;
  if (table.primaryKey === null) {
    return `no primary key and not a link table (${shape}; a link table has exactly two)`;
  }
  const names = table.primaryKey.map((number) => columnOf(table, number).name).join(", ");
  return `composite primary key (${names}) and not a link table (${shape}, not both in the key)`;
}

function columnOf(table: CatalogTable, number: number): CatalogColumn {
  const column = table.columns.find((candidate) => candidate.number === number);
  if (!column) throw new Error(`column ${number} of ${table.name} is missing from the catalog`);
  return column;
}

function referencedName(tables: CatalogTable[], key: CatalogForeignKey): string {
  const table = tables.find((candidate) => candidate.id === key.referencedTableId);
  return table ? typeName(table) : `table #${key.referencedTableId}`;
}

function sortByName<T>(items: T[], name: (item: T) => string): T[] {
  return [...items].sort((a, b) => {
    const x = name(a);
    const y = name(b);
    return x < y ? -1 : x > y ? 1 : 0;
  });
}
