import { englishMeasureNames } from "../reading/phrases-en";

/** One source as a reader sees it: a short label, and the SQL it ran when it ran any. */
export type ReadableSource = { label: string; sql?: string };

const uuidInParentheses = /\s*\([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\)/gi;
const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
// A dataset known only by its id: the sentence reads as well without it.
const datasetById =
  /(?::\s*dataset|：数据集)\s+[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

// Arguments the label itself already says (the measure, the algorithm) or shows apart (SQL).
const saidByLabel = new Set(["algorithm", "sql"]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function toolLabel(toolName: string, args: Record<string, unknown>): string {
  const algorithm = typeof args.algorithm === "string" ? args.algorithm : null;
  if (toolName === "node_centrality" && algorithm) {
    return englishMeasureNames[algorithm as keyof typeof englishMeasureNames] ?? algorithm;
  }
  if (toolName === "community_detection") {
    const name = (algorithm ?? "louvain").replace(/_/g, " ");
    return `${name.charAt(0).toUpperCase()}${name.slice(1)} communities`;
  }
  if (toolName === "degree_analysis") return "Degree";
  if (toolName === "query_graph") return "SQL query";
  return toolName;
}

function argumentText(key: string, value: unknown): string | null {
  if (value === null || value === undefined || saidByLabel.has(key)) return null;
  if (key === "top_k") return `top ${value}`;
  if (Array.isArray(value)) return `${key.replace(/_/g, " ")} ${value.map(String).join(", ")}`;
  if (isRecord(value)) return null;
  return `${key.replace(/_/g, " ")} ${String(value)}`;
}

/**
 * A source as written by the planners (`node_centrality {"algorithm":"pagerank","top_k":10}`)
 * in words: "PageRank on karate (top 10)". The graph the run verified names the dataset; ids
 * are left out (the name says more), and SQL is kept apart to be shown as code, never as a
 * JSON string with escaped quotes.
 */
export function readableSource(source: string, dataset: string | null): ReadableSource {
  const call = /^([a-z][a-z0-9_]*) (\{.*\})$/s.exec(source);
  let args: unknown = null;
  if (call) {
    try {
      args = JSON.parse(call[2] ?? "");
    } catch {
      args = null;
    }
  }
  if (!call || !isRecord(args)) {
    return {
      label: source
        .replace(datasetById, "")
        .replace(uuidInParentheses, "")
        .replace(uuid, "")
        .trim(),
    };
  }
  const toolName = call[1] ?? "";
  const details = Object.entries(args)
    .map(([key, value]) => argumentText(key, value))
    .filter((text): text is string => text !== null);
  const on = dataset ? ` on ${dataset}` : "";
  const label = `${toolLabel(toolName, args)}${on}${details.length > 0 ? ` (${details.join(", ")})` : ""}`;
  return typeof args.sql === "string" ? { label, sql: args.sql } : { label };
}

/** The dataset the run's graph check named (`dataset "karate" (…)`), if one did. */
export function verifiedDatasetName(sources: string[]): string | null {
  for (const source of sources) {
    const match = /(?:dataset|数据集) "([^"]+)"/.exec(source);
    if (match?.[1]) return match[1];
  }
  return null;
}

/** Every source in words, with the dataset they ran on; duplicates said once. */
export function readableSources(sources: string[]): ReadableSource[] {
  const dataset = verifiedDatasetName(sources);
  const seen = new Set<string>();
  const readable: ReadableSource[] = [];
  for (const source of sources) {
    const item = readableSource(source, dataset);
    const key = `${item.label}\n${item.sql ?? ""}`;
    if (seen.has(key)) continue;
    seen.add(key);
    readable.push(item);
  }
  return readable;
}
