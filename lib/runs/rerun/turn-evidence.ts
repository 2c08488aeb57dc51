import { bookkeepingFields } from "@/lib/text/bookkeeping-fields";

/** A tool call a turn's answer was built from: its name, arguments and result envelope. */
export type EvidenceToolCall = { toolName: string; args: unknown; result: unknown };

/** A number a tool result holds, keyed by where it is (so both sides of a turn line up). */
export type EvidenceFigure = {
  key: string;
  name: string;
  value: number;
  /** The node the number is about (a row of a ranking), if any. */
  entity: EvidenceEntity | null;
};

/** A node a tool result names. */
export type EvidenceEntity = { id: string; label: string };

/** The nodes of one result list (a ranking's rows, a community's members), in the result's order. */
export type EvidenceList = {
  key: string;
  /** What the list ranks by ("pagerank"), shown in a change's name ("#1 by pagerank"). */
  measure: string;
  ranked: boolean;
  items: EvidenceEntity[];
};

/** What one turn answered, as a re-run compares it: the text and its tool results' figures and nodes. */
export type TurnEvidence = {
  answer: string;
  figures: EvidenceFigure[];
  lists: EvidenceList[];
};

// A re-run also leaves out the settings an analysis ran with and the counts it ran over.
const rerunBookkeepingFields = new Set([
  ...bookkeepingFields,
  "iterations",
  "seed",
  "tolerance",
  "max_iterations",
  "total",
  "node_count",
  "edge_count",
]);

// Tools that describe the session graph: the same figures under one name, whichever reported them.
const graphDescriptionTools = new Set([
  "load_constructed_graph",
  "get_graph_info",
  "switch_graph_version",
]);

// Tools that move data around rather than analyse it: their numbers are not what an answer
// reports about the graph (get_graph_info and loading still count: "how many nodes?").
const ignoredTools = new Set([
  "get_job_status",
  "read_skill",
  "read_skill_file",
  "propose_skill",
  "list_datasets",
  "register_session",
  "set_session_config",
  "update_plan",
  "visualize_subgraph",
  "create_analysis_report",
  "export_graph",
]);

const maxItemsPerList = 200;
const maxFiguresPerCall = 2000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function nodeOf(value: unknown): EvidenceEntity | null {
  if (!isRecord(value)) return null;
  const id = value.id ?? value.node_id;
  if (typeof id !== "string" && typeof id !== "number") return null;
  const label =
    typeof value.label === "string" && value.label.length > 0 ? value.label : String(id);
  return { id: String(id), label };
}

/** How a node is written in a comparison: its label with the id when they differ. */
export function entityName(entity: EvidenceEntity): string {
  return entity.label === entity.id ? entity.id : `${entity.label} (${entity.id})`;
}

function measureOf(toolName: string, args: unknown, data: Record<string, unknown>): string {
  for (const candidate of [data.algorithm, data.measure, data.metric]) {
    if (typeof candidate === "string" && candidate.length > 0) return candidate;
  }
  if (isRecord(args)) {
    for (const candidate of [args.algorithm, args.measure, args.metric]) {
      if (typeof candidate === "string" && candidate.length > 0) return candidate;
    }
  }
  return toolName;
}

/** Reads one call's result data into figures and lists (depth-first, in the result's order). */
function readCall(call: EvidenceToolCall, evidence: TurnEvidence): void {
  if (ignoredTools.has(call.toolName) || !isRecord(call.result)) return;
  if (call.result.success === false || !isRecord(call.result.data)) return;
  const data = call.result.data;
  const describesGraph = graphDescriptionTools.has(call.toolName);
  const measure = describesGraph ? "graph" : measureOf(call.toolName, call.args, data);
  const prefix = describesGraph ? "graph" : `${call.toolName}:${measure}`;
  let budget = maxFiguresPerCall;
  const addFigure = (figure: EvidenceFigure) => {
    if (budget-- > 0) evidence.figures.push(figure);
  };
  const visit = (value: unknown, path: string[]) => {
    const field = path.at(-1) ?? "";
    if (typeof value === "number") {
      if (Number.isFinite(value) && !rerunBookkeepingFields.has(field)) {
        addFigure({
          key: `${prefix}:${path.join(".")}`,
          name: `${measure} ${path.join(" ")}`.replaceAll("_", " "),
          value,
          entity: null,
        });
      }
      return;
    }
    if (Array.isArray(value)) {
      const nodes = value.slice(0, maxItemsPerList).map(nodeOf);
      if (value.length > 0 && nodes.every((node) => node !== null)) {
        readNodeList({ prefix, measure, path, rows: value, nodes, evidence, addFigure });
      }
      return;
    }
    if (isRecord(value)) {
      for (const [key, child] of Object.entries(value)) {
        if (!rerunBookkeepingFields.has(key)) visit(child, [...path, key]);
      }
    }
  };
  visit(data, []);
}

function readNodeList(input: {
  prefix: string;
  measure: string;
  path: string[];
  rows: unknown[];
  nodes: EvidenceEntity[];
  evidence: TurnEvidence;
  addFigure: (figure: EvidenceFigure) => void;
}): void {
  const { prefix, measure, path, nodes } = input;
  const listKey = `${prefix}:${path.join(".")}`;
  const rows = input.rows.slice(0, nodes.length) as Record<string, unknown>[];
  // A ranking's rows carry their rank or score: their order is what the answer reports.
  const ranked = rows.some((row) => typeof row.rank === "number" || typeof row.score === "number");
  input.evidence.lists.push({ key: listKey, measure, ranked, items: nodes });
  rows.forEach((row, index) => {
    const node = nodes[index];
    for (const [field, value] of Object.entries(row)) {
      if (
        typeof value !== "number" ||
        !Number.isFinite(value) ||
        rerunBookkeepingFields.has(field)
      ) {
        continue;
      }
      input.addFigure({
        key: `${listKey}[${node.id}].${field}`,
        name: `${measure} ${field} of ${entityName(node)}`.replaceAll("_", " "),
        value,
        entity: node,
      });
    }
  });
}

/**
 * The evidence of one turn: its answer, and the figures and node lists of the structured results
 * its tools returned (rankings, metrics, counts), keyed by tool, measure and place, so the same
 * question asked of other data lines up number by number and node by node.
 */
export function readTurnEvidence(input: {
  answer: string;
  toolCalls: readonly EvidenceToolCall[];
}): TurnEvidence {
  const evidence: TurnEvidence = { answer: input.answer, figures: [], lists: [] };
  for (const call of input.toolCalls) readCall(call, evidence);
  // A later call of the same tool and measure is what the answer was written from.
  evidence.figures = keepLast(evidence.figures);
  evidence.lists = keepLast(evidence.lists);
  return evidence;
}

function keepLast<T extends { key: string }>(items: T[]): T[] {
  const byKey = new Map<string, T>();
  for (const item of items) {
    byKey.delete(item.key);
    byKey.set(item.key, item);
  }
  return [...byKey.values()];
}
