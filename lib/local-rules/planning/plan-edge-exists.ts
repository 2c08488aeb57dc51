import { onlyDirect, walkWords } from "../families/walk-words";
import { linkDirection, mutualWords } from "../reading/link-direction";
import { questionWords } from "../reading/question-words";
import { resolveNodeNames } from "../reading/resolve-node-names";
import { emptyPart } from "../writing/answer-document";
import { inLanguage } from "../writing/answer-language";
import { neighboursDataSchema, nodeName, pathDataSchema } from "../writing/result-shapes";
import { joinedByForeignKey } from "./foreign-key-ends";
import { planMutualEdge } from "./plan-mutual-edge";
import type { PlanContext, PlanOutcome } from "./plan-types";
import { callSource, planOnNodes } from "./plan-with-nodes";

const twoNodes = {
  en: 'I need the two nodes, e.g. "Is there an edge between n0 and n33?".',
  zh: "请给出两个节点，例如“n0 和 n33 之间有边吗？”。",
};

/**
 * "Is there an edge between A and B?": A's direct neighbours (get_neighbors, depth 1) answer
 * it and show the evidence; the first word is the yes or the no.
 */
export function planEdgeExists(input: {
  context: PlanContext;
  source: string | null;
  target: string | null;
}): PlanOutcome {
  const { context } = input;
  if (context.graph.description.directed === true) {
    // "Do A and B trade both ways?": an edge each way.
    if (mutualWords.test(context.reading.question)) return planMutualEdge(input);
    const ends = byVerbDirection(context.reading.question, input);
    if (ends.source && ends.target) {
      const resolution = resolveNodeNames({ context, names: [ends.source, ends.target] });
      if (resolution.kind === "pending") return { kind: "pending", calls: resolution.calls };
      if (resolution.kind === "resolved" && joinedByForeignKey(resolution.nodes))
        return planEitherWay(input);
    }
    return planDirectedEdge({ context, ...ends });
  }
  return planEitherWay(input);
}

/** An edge between the two in either direction: the first one's neighbours list the second. */
function planEitherWay(input: {
  context: PlanContext;
  source: string | null;
  target: string | null;
}): PlanOutcome {
  const { context } = input;
  return planOnNodes({
    context,
    names: [input.source, input.target],
    missing: twoNodes,
    call: ([a]) => ({
      toolName: "get_neighbors",
      input: { node_id: a.id, depth: 1, limit: 1000 },
    }),
    schema: neighboursDataSchema,
    write: (data, [a, b], call) => {
      const part = emptyPart({ succeeded: true });
      part.sources.push(callSource(call));
      const first = nodeName(data.node);
      const second = b.label && b.label !== b.id ? `${b.label} (${b.id})` : b.id;
      const linked = data.neighbours.some((node) => node.id === b.id && node.hops === 1);
      if (linked) {
        part.summary.push(
          inLanguage(context, {
            en: `Yes — ${first} and ${second} are linked: there is an edge between them.`,
            zh: `是的——${first} 和 ${second} 之间有一条边，它们直接相连。`,
          }),
        );
      } else if (data.truncated) {
        part.succeeded = false;
        part.summary.push(
          inLanguage(context, {
            en: `${first} has more than ${data.neighbours.length} neighbours and ${second} is not among the first ${data.neighbours.length}; ask for the shortest path between them to settle it.`,
            zh: `${first} 的邻居超过 ${data.neighbours.length} 个，前 ${data.neighbours.length} 个中没有 ${second}；可以查询两者之间的最短路径来确认。`,
          }),
        );
      } else {
        part.summary.push(
          inLanguage(context, {
            en: `No — ${first} and ${second} are not linked: there is no edge between them.`,
            zh: `否——${first} 和 ${second} 之间没有边，它们不直接相连。`,
          }),
        );
      }
      part.notes.push(
        inLanguage(context, {
          en: `${first} has ${data.neighbours.length} direct neighbours.`,
          zh: `${first} 共有 ${data.neighbours.length} 个直接邻居。`,
        }),
      );
      part.focusNodeIds = [a.id, b.id];
      return part;
    },
  });
}

/**
 * The two ends in the order the link runs, by the verb's direction at each ("Does Netherlands
 * import from Ghana?", "Netherlands 是否从 Ghana 进口？": Ghana → Netherlands); as named when
 * the verb says nothing or says the first one sends.
 */
function byVerbDirection(
  question: string,
  ends: { source: string | null; target: string | null },
): { source: string | null; target: string | null } {
  const { source, target } = ends;
  if (!source || !target) return ends;
  const atSource = linkDirection(question, source);
  const atTarget = linkDirection(question, target);
  const reversed = atSource === "in" || (atSource === "all" && atTarget === "out");
  return reversed ? { source: target, target: source } : ends;
}

/**
 * On a directed graph "Did m14 refer m03?" asks for the edge m14 → m03 only: the shortest path
 * from the first to the second is one hop exactly when that edge exists.
 */
function planDirectedEdge(input: {
  context: PlanContext;
  source: string | null;
  target: string | null;
}): PlanOutcome {
  const { context } = input;
  return planOnNodes({
    context,
    names: [input.source, input.target],
    missing: twoNodes,
    call: ([a, b]) => ({ toolName: "shortest_path", input: { source: a.id, target: b.id } }),
    schema: pathDataSchema,
    write: (data, [a, b], call) => {
      const part = emptyPart({ succeeded: true });
      part.sources.push(callSource(call));
      const first = a.label && a.label !== a.id ? `${a.label} (${a.id})` : a.id;
      const second = b.label && b.label !== b.id ? `${b.label} (${b.id})` : b.id;
      const hops = data.found ? (data.length ?? data.path.length - 1) : null;
      // "Does A eventually report to B?" read as an edge question: the path found answers the
      // walk the words ask about, so a longer path is never a "no" (the reading's safety net).
      const question = context.reading.question;
      const walkAsked =
        (walkWords.test(question) || questionWords.reachability.test(question)) &&
        !onlyDirect(question);
      if (walkAsked && hops !== 1) {
        const chain = data.path.map((node) => nodeName(node)).join(" → ");
        part.summary.push(
          hops !== null
            ? inLanguage(context, {
                en: `Yes — ${second} can be reached from ${first} following the edge direction: there is no direct edge, but a directed path of ${hops} hops (${chain}).`,
                zh: `是的——沿边的方向，从 ${first} 可以到达 ${second}：两者之间没有直接的边，但有一条 ${hops} 跳的有向路径（${chain}）。`,
              })
            : inLanguage(context, {
                en: `No — ${second} cannot be reached from ${first} following the edge direction: there is neither an edge nor a directed path.`,
                zh: `否——沿边的方向，从 ${first} 无法到达 ${second}：既没有边，也没有有向路径。`,
              }),
        );
        part.focusNodeIds = hops !== null ? data.path.map((node) => node.id) : [a.id, b.id];
        return part;
      }
      part.summary.push(
        hops === 1
          ? inLanguage(context, {
              en: `Yes — there is an edge from ${first} to ${second}.`,
              zh: `是的——存在一条从 ${first} 指向 ${second} 的边。`,
            })
          : inLanguage(context, {
              en: `No — there is no edge from ${first} to ${second}${hops !== null ? ` (the shortest directed path takes ${hops} hops)` : ""}.`,
              zh: `否——不存在从 ${first} 指向 ${second} 的边${hops !== null ? `（最短有向路径为 ${hops} 跳）` : ""}。`,
            }),
      );
      part.notes.push(
        inLanguage(context, {
          en: "The graph is directed: only an edge in this direction counts.",
          zh: "该图是有向图：只计这个方向的边。",
        }),
      );
      part.focusNodeIds = [a.id, b.id];
      return part;
    },
  });
}
