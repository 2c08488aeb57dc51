import { emptyPart } from "./answer-document";
import { inLanguage } from "./answer-language";
import { resolveCall } from "./call-resolution";
import { failurePart } from "./failure-part";
import type { PlanContext, PlannedCall, PlanOutcome } from "./plan-types";
import { callSource, missingPart } from "./plan-with-nodes";
import { resolveNodeNames } from "./resolve-node-names";
import { neighboursDataSchema, nodeName, readData } from "./result-shapes";

/** What a question about two nodes' shared neighbours asks: how many, which, or whether any. */
export type CommonNeighboursAsk = "count" | "list" | "exists";

// Enough for any neighbourhood a reader would list; a larger one is said to be cut.
const neighbourLimit = 1000;

/**
 * "How many co-authors do r05 and r07 have in common?", "Which friends do Ann and Bo share?":
 * each node's direct neighbours (get_neighbors, one call each) name the shared ones, and
 * node_similarity's common-neighbour score of the pair states their number (all in one batch).
 */
export function planCommonNeighbours(input: {
  context: PlanContext;
  source: string | null;
  target: string | null;
  ask: CommonNeighboursAsk;
}): PlanOutcome {
  const { context, ask } = input;
  if (!input.source || !input.target) {
    return {
      kind: "done",
      part: missingPart(context, {
        en: 'I need the two nodes, e.g. "How many neighbours do n0 and n33 have in common?".',
        zh: "请给出两个节点，例如“n0 和 n33 有多少个共同邻居？”。",
      }),
    };
  }
  const names = resolveNodeNames({ context, names: [input.source, input.target] });
  if (names.kind === "pending") return { kind: "pending", calls: names.calls };
  if (names.kind === "problem") return { kind: "done", part: names.part };
  const [a, b] = names.nodes;
  const calls: PlannedCall[] = [
    ...[a, b].map((node) => ({
      toolName: "get_neighbors",
      input: { node_id: node.id, depth: 1, limit: neighbourLimit },
    })),
    {
      toolName: "node_similarity",
      input: { metric: "common_neighbors", node_id: a.id, top_k: neighbourLimit },
    },
  ];
  const steps = context.reading.steps;
  const states = calls.map((call) => resolveCall({ steps, call }));
  const todo = calls.filter((_, index) => states[index].state === "todo");
  if (todo.length > 0) return { kind: "pending", calls: todo };
  const lists = [];
  for (const state of states.slice(0, 2)) {
    if (state.state === "failed") {
      return {
        kind: "done",
        part: failurePart({ step: state.step, steps, phrases: context.phrases }),
      };
    }
    const data = state.state === "done" ? readData(neighboursDataSchema, state.envelope) : null;
    if (!data) {
      return {
        kind: "done",
        part: missingPart(context, {
          en: "The neighbour lists could not be read.",
          zh: "无法读取邻居列表。",
        }),
      };
    }
    lists.push(data);
  }
  const [first, second] = lists;
  const theirs = new Set(second.neighbours.map((node) => node.id));
  const shared = first.neighbours.filter(
    (node) => theirs.has(node.id) && node.id !== a.id && node.id !== b.id,
  );
  const pair = {
    en: `${nodeName(first.node)} and ${nodeName(second.node)}`,
    zh: `${nodeName(first.node)} 和 ${nodeName(second.node)}`,
  };
  const listed = {
    en: shared.map(nodeName).join(", "),
    zh: shared.map(nodeName).join("、"),
  };
  const part = emptyPart({ succeeded: true });
  for (const call of calls) part.sources.push(callSource(call));
  const count = shared.length;
  const have = {
    en: `${pair.en} have ${count} ${count === 1 ? "neighbour" : "neighbours"} in common${count > 0 ? `: ${listed.en}` : ""}.`,
    zh: `${pair.zh} 有 ${count} 个共同邻居${count > 0 ? `：${listed.zh}` : ""}。`,
  };
  if (ask === "exists") {
    part.summary.push(
      inLanguage(
        context,
        count > 0
          ? { en: `Yes — ${have.en}`, zh: `是的——${have.zh}` }
          : {
              en: `No — ${pair.en} have no neighbour in common.`,
              zh: `否——${pair.zh} 没有共同邻居。`,
            },
      ),
    );
  } else if (ask === "list" && count > 0) {
    part.summary.push(
      inLanguage(context, {
        en: `${listed.en} — ${have.en}`,
        zh: `${listed.zh}——${have.zh}`,
      }),
    );
  } else {
    part.summary.push(inLanguage(context, have));
  }
  if (first.truncated || second.truncated) {
    part.notes.push(
      inLanguage(context, {
        en: `A neighbour list was cut at ${neighbourLimit}; the count may be higher.`,
        zh: `邻居列表截断于 ${neighbourLimit} 个，实际数量可能更多。`,
      }),
    );
  }
  part.focusNodeIds = [a.id, b.id, ...shared.map((node) => node.id)];
  return { kind: "done", part };
}
