import type { CsvTable } from "./csv-reader";
import { isNumeric } from "./csv-values";

/** Synonyms per column role, in priority order, compared after `normaliseColumnName`. */
const synonyms = {
  // Directed pairs of everyday edge lists (mail, calls, follows, citations) name their roles.
  source: [
    "source",
    "src",
    "from",
    "sourceid",
    "fromid",
    "sourcenode",
    "fromnode",
    "start",
    "sender",
    "caller",
    "follower",
    "citing",
  ],
  target: [
    "target",
    "tgt",
    "dst",
    "dest",
    "destination",
    "to",
    "targetid",
    "toid",
    "end",
    "recipient",
    "receiver",
    "callee",
    "followee",
    "cited",
  ],
  edgeWeight: ["weight", "w", "wt", "cost"],
  edgeType: ["type", "edgetype", "relation", "relationship", "rel", "kind", "predicate", "label"],
  nodeId: ["id", "nodeid", "node", "key", "vertex", "vertexid"],
  nodeLabel: ["label", "name", "title", "displayname"],
  nodeType: ["type", "nodetype", "kind"],
  // Two-letter pairs common in edge lists; only used for header detection and source/target.
  pairs: ["u", "v", "node1", "node2", "nodea", "nodeb", "startnode", "endnode", "targetnode"],
} as const;

const knownNames = new Set<string>(Object.values(synonyms).flat());

/** Normalised header names that mark an edge table's endpoint columns. */
export const endpointColumnNames: ReadonlySet<string> = new Set([
  ...synonyms.source,
  ...synonyms.target,
  ...synonyms.pairs,
]);

/** Normalised header names of a node table's id column. */
export const nodeIdColumnNames: ReadonlySet<string> = new Set(synonyms.nodeId);
const sourcePairs = ["u", "node1", "nodea", "startnode"];
const targetPairs = ["v", "node2", "nodeb", "endnode", "targetnode"];
const headerSampleRows = 1000;

/** Lower case without spaces, underscores, hyphens or dots: "Source_ID" → "sourceid". */
export function normaliseColumnName({ name }: { name: string }): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/**
 * The header rule: the first row is a header when (1) one of its cells names a known column
 * (source/target/from/to/src/dst/weight/type/id/label/… — see `synonyms`), or (2) there are
 * more rows and some column's first cell is non-empty and non-numeric while that column's
 * later cells (the first 1000) are all numbers. Otherwise the first row is data.
 */
export function detectHeader({ table }: { table: CsvTable }): boolean {
  if (table.rowCount === 0) return false;
  const width = table.columnCount;
  for (let c = 0; c < width; c++) {
    if (knownNames.has(normaliseColumnName({ name: table.field(c) }))) return true;
  }
  if (table.rowCount < 2) return false;
  const lastRow = Math.min(table.rowCount, headerSampleRows + 1);
  for (let c = 0; c < width; c++) {
    const first = table.field(c);
    if (first === "" || isNumeric({ text: first })) continue;
    let allNumeric = true;
    for (let r = 1; r < lastRow && allNumeric; r++) {
      allNumeric = isNumeric({ text: table.field(r * width + c) });
    }
    if (allNumeric) return true;
  }
  return false;
}

/** Property names for every column: header text, or column_<n> (1-based), made unique. */
export function columnNames({ table, header }: { table: CsvTable; header: boolean }): string[] {
  const used = new Map<string, number>();
  const names: string[] = [];
  for (let c = 0; c < table.columnCount; c++) {
    let name = header ? table.field(c).trim() : "";
    // "__proto__" as a plain object key would set the prototype instead of a property.
    if (name === "" || name === "__proto__") name = `column_${c + 1}`;
    const seen = used.get(name) ?? 0;
    used.set(name, seen + 1);
    names.push(seen === 0 ? name : `${name}_${seen + 1}`);
  }
  return names;
}

/** Which column plays which role in an edge table; -1 when absent. */
export type EdgeColumns = {
  source: number;
  target: number;
  weight: number;
  type: number;
  /** Every other column, kept as an edge property. */
  properties: number[];
};

/**
 * Edge-table roles. With a header, columns are matched by name (synonyms, case-insensitive);
 * source and target fall back to the first free columns. Without one, the order is
 * `source,target[,weight][,type]`: a numeric third column is the weight, otherwise the type.
 */
export function assignEdgeColumns(input: {
  table: CsvTable;
  header: boolean;
  isNumericColumn: (column: number) => boolean;
}): EdgeColumns {
  const { table, header, isNumericColumn } = input;
  const width = table.columnCount;
  const normalised = header
    ? Array.from({ length: width }, (_, c) => normaliseColumnName({ name: table.field(c) }))
    : [];
  const taken = new Set<number>();
  const find = (names: readonly string[]) => {
    for (const name of names) {
      const c = normalised.indexOf(name);
      if (c !== -1 && !taken.has(c)) {
        taken.add(c);
        return c;
      }
    }
    return -1;
  };
  const firstFree = () => {
    for (let c = 0; c < width; c++) {
      if (!taken.has(c)) {
        taken.add(c);
        return c;
      }
    }
    return -1;
  };
  let source = -1;
  let target = -1;
  let weight = -1;
  let type = -1;
  if (header) {
    source = find(synonyms.source);
    target = find(synonyms.target);
    if (source === -1) source = find(sourcePairs);
    if (target === -1) target = find(targetPairs);
    weight = find(synonyms.edgeWeight);
    type = find(synonyms.edgeType);
    if (source === -1) source = firstFree();
    if (target === -1) target = firstFree();
  } else {
    source = firstFree();
    target = firstFree();
    if (width > 2) {
      if (isNumericColumn(2)) weight = 2;
      else type = 2;
      taken.add(2);
    }
    if (width > 3 && weight === 2 && !isNumericColumn(3)) {
      type = 3;
      taken.add(3);
    }
  }
  const properties: number[] = [];
  for (let c = 0; c < width; c++) if (!taken.has(c)) properties.push(c);
  return { source, target, weight, type, properties };
}

/** Which column plays which role in a node table; -1 when absent. */
export type NodeColumns = { id: number; label: number; type: number; properties: number[] };

/** Node-table roles: id/label/type by name (synonyms), the id falling back to the first column. */
export function assignNodeColumns({ table, header }: { table: CsvTable; header: boolean }) {
  const width = table.columnCount;
  const normalised = header
    ? Array.from({ length: width }, (_, c) => normaliseColumnName({ name: table.field(c) }))
    : [];
  const taken = new Set<number>();
  const find = (names: readonly string[]) => {
    for (const name of names) {
      const c = normalised.indexOf(name);
      if (c !== -1 && !taken.has(c)) {
        taken.add(c);
        return c;
      }
    }
    return -1;
  };
  let id = find(synonyms.nodeId);
  if (id === -1 && width > 0) {
    id = 0;
    taken.add(0);
  }
  const label = find(synonyms.nodeLabel);
  const type = find(synonyms.nodeType);
  const properties: number[] = [];
  for (let c = 0; c < width; c++) if (!taken.has(c)) properties.push(c);
  const columns: NodeColumns = { id, label, type, properties };
  return columns;
}
