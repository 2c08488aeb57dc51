import {
  endpointColumnNames,
  nodeIdColumnNames,
  normaliseColumnName,
} from "@/lib/engine/construction/csv/csv-columns";

// Client-safe: the Datasets page decides with it which of the files chosen together are an edge
// table and its node table, and the upload route reads a pair sent without roles the same way.

/** A file chosen for upload: its name and, for a plain CSV, its first line(s). */
export type UploadCandidate = { name: string; head: string | null };

/** One upload request: a file, with the node table that goes with it when there is one. */
export type PlannedUpload = { file: number; nodes?: number };

const delimiters = [",", "\t", ";", "|"] as const;

/** A header row with a node-id column (`id`, `node`, `key`…) and no endpoint column. */
export function headLooksLikeNodeTable(head: string): boolean {
  const header = head
    .split(/\r\n|\n|\r/)
    .find((line) => line.trim() !== "" && !line.trim().startsWith("#"));
  if (!header) return false;
  const delimiter = delimiters.find((candidate) => header.includes(candidate)) ?? ",";
  const names = header
    .split(delimiter)
    .map((cell) => normaliseColumnName({ name: cell.replace(/^\s*"|"\s*$/g, "") }));
  return (
    names.some((name) => nodeIdColumnNames.has(name)) &&
    !names.some((name) => endpointColumnNames.has(name))
  );
}

function isPlainCsv(name: string): boolean {
  return name.toLowerCase().endsWith(".csv");
}

/**
 * What is left of a file name once the words that say which half of a pair it is are gone:
 * "karate_edges.csv" and "karate_nodes.csv" both give "karate", "payments.csv" and
 * "payments-nodes.csv" both "payments".
 */
export function pairStem(name: string): string {
  return name
    .toLowerCase()
    .replace(/\.csv$/, "")
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== "" && !/^(nodes?|edges?|vertices|vertex|links?|table)$/.test(word))
    .join("-");
}

/**
 * Which of the files chosen together go up as an edge table with its node table (one dataset),
 * and which alone. A node table is a CSV whose header has an id column and no source/target
 * column; it goes with the CSV edge table of the same name stem ("payments.csv" +
 * "payments_nodes.csv"), or with the only other CSV when exactly one edge table and one node
 * table were chosen. Anything else (no partner, several candidates) is uploaded alone. The
 * answer keeps the order the files came in, each file exactly once.
 */
export function planUploads(files: UploadCandidate[]): PlannedUpload[] {
  const nodeTables: number[] = [];
  const edgeTables: number[] = [];
  files.forEach((file, index) => {
    if (!isPlainCsv(file.name) || file.head === null) return;
    if (headLooksLikeNodeTable(file.head)) nodeTables.push(index);
    else edgeTables.push(index);
  });
  const partnerOf = new Map<number, number>();
  const paired = new Set<number>();
  for (const nodes of nodeTables) {
    const stem = pairStem(files[nodes].name);
    const sameStem = edgeTables.filter(
      (edges) => !paired.has(edges) && pairStem(files[edges].name) === stem,
    );
    if (sameStem.length === 1) {
      partnerOf.set(sameStem[0], nodes);
      paired.add(sameStem[0]).add(nodes);
    }
  }
  if (partnerOf.size === 0 && nodeTables.length === 1 && edgeTables.length === 1) {
    partnerOf.set(edgeTables[0], nodeTables[0]);
    paired.add(edgeTables[0]).add(nodeTables[0]);
  }
  const plan: PlannedUpload[] = [];
  files.forEach((_, index) => {
    const nodes = partnerOf.get(index);
    if (nodes !== undefined) plan.push({ file: index, nodes });
    else if (!paired.has(index)) plan.push({ file: index });
  });
  return plan;
}
