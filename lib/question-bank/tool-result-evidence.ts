import { bookkeepingFields } from "@/lib/text/bookkeeping-fields";

/** A tool call of a run as its snapshot lists it, with the whole result envelope. */
export type RunToolCall = {
  tool_call_id: string;
  tool_name: string;
  status: string;
  success: boolean | null;
  args: unknown;
  result: unknown;
  error_code?: string | null;
};

/** A graph node a tool result mentions (an object with an `id` and a `type`). */
export type ResultNode = { id: string; type: string; label?: string };

// Loading, graph information, search, reports and pictures: they show a graph, they do not
// analyse it, so a yes or no needs something else.
const nonAnalysisTools = new Set([
  "load_constructed_graph",
  "construct_graph",
  "switch_graph_version",
  "register_session",
  "set_session_config",
  "get_graph_info",
  "search_node",
  "search_edge",
  "list_datasets",
  "get_job_status",
  "read_skill",
  "create_analysis_report",
  "visualize_subgraph",
  "export_graph",
]);

const numericString = /^\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?\s*$/;

/** Calls that ran and answered `success: true`. */
export function successfulCalls(toolCalls: readonly RunToolCall[]): RunToolCall[] {
  return toolCalls.filter((call) => {
    const envelope = call.result as { success?: unknown } | null | undefined;
    return call.success === true && envelope?.success !== false;
  });
}

/** Whether a successful call analysed the graph (beyond loading, info, search, reports, pictures). */
export function findAnalysisCall(toolCalls: readonly RunToolCall[]): RunToolCall | undefined {
  return successfulCalls(toolCalls).find((call) => !nonAnalysisTools.has(call.tool_name));
}

/**
 * Where a successful result holds `value`: a numeric field (numeric strings too) within
 * `tolerance`, bookkeeping fields excepted, or — for values of at least 2 — the length of a
 * complete (not truncated) list; `listLengths` adds lengths that also count (a path of length
 * L returns L + 1 nodes). Answers a description such as `graph_metrics data.metrics.diameter`.
 */
export function findNumberEvidence(input: {
  toolCalls: readonly RunToolCall[];
  value: number;
  tolerance: number;
  listLengths?: number[];
}): string | undefined {
  const slack = 1e-9 * Math.max(1, Math.abs(input.value));
  const near = (candidate: number) => Math.abs(candidate - input.value) <= input.tolerance + slack;
  const lengths = [...(input.value >= 2 ? [input.value] : []), ...(input.listLengths ?? [])];
  for (const call of successfulCalls(input.toolCalls)) {
    let found: string | undefined;
    walk(call.result, [], (node, where, parent) => {
      if (found) return false;
      const field = where.at(-1);
      if (typeof field === "string" && bookkeepingFields.has(field)) return false;
      if (typeof node === "number" && near(node)) found = where.join(".");
      else if (typeof node === "string" && numericString.test(node) && near(Number(node))) {
        found = where.join(".");
      } else if (
        Array.isArray(node) &&
        node.length >= 2 &&
        lengths.some((length) => Math.abs(node.length - length) <= input.tolerance + slack) &&
        !isTruncatedList(parent, field)
      ) {
        found = `${where.join(".")} (a list of ${node.length})`;
      }
      return true;
    });
    if (found) return `${call.tool_name} ${found}`;
  }
  return undefined;
}

/** Where a successful result holds one of `names` as a string (or an object key), if anywhere. */
export function findNameEvidence(input: {
  toolCalls: readonly RunToolCall[];
  names: readonly string[];
}): string | undefined {
  const wanted = new Set(input.names.map((name) => name.trim().toLowerCase()));
  for (const call of successfulCalls(input.toolCalls)) {
    let found: string | undefined;
    walk(call.result, [], (node, where) => {
      if (found) return false;
      const field = where.at(-1);
      if (typeof node === "string" && wanted.has(node.trim().toLowerCase())) {
        found = where.join(".");
      } else if (typeof field === "string" && wanted.has(field.trim().toLowerCase())) {
        found = where.join(".");
      }
      return true;
    });
    if (found) return `${call.tool_name} ${found}`;
  }
  return undefined;
}

/** Every node (object with string `id` and `type`) the successful results mention, by id. */
export function collectResultNodes(toolCalls: readonly RunToolCall[]): ResultNode[] {
  const nodes = new Map<string, ResultNode>();
  for (const call of successfulCalls(toolCalls)) {
    walk(call.result, [], (node) => {
      if (typeof node !== "object" || node === null || Array.isArray(node)) return true;
      const { id, type, label } = node as Record<string, unknown>;
      if (typeof id === "string" && typeof type === "string" && !nodes.has(id)) {
        nodes.set(id, { id, type, ...(typeof label === "string" ? { label } : {}) });
      }
      return true;
    });
  }
  return [...nodes.values()];
}

/** A list cut at a limit (`truncated: true`, or `<name>_truncated: true` beside it). */
function isTruncatedList(parent: unknown, field: string | number | undefined): boolean {
  if (typeof parent !== "object" || parent === null || Array.isArray(parent)) return false;
  const siblings = parent as Record<string, unknown>;
  return siblings.truncated === true || siblings[`${String(field)}_truncated`] === true;
}

/** Depth-first over JSON; `visit` returns false to skip a subtree. */
function walk(
  node: unknown,
  where: (string | number)[],
  visit: (node: unknown, where: (string | number)[], parent: unknown) => boolean,
  parent?: unknown,
): void {
  if (!visit(node, where, parent)) return;
  if (Array.isArray(node)) {
    node.forEach((item, index) => {
      walk(item, [...where, index], visit, node);
    });
  } else if (typeof node === "object" && node !== null) {
    for (const [key, value] of Object.entries(node)) walk(value, [...where, key], visit, node);
  }
}
