import { emptyPart } from "../writing/answer-document";
import { inLanguage } from "../writing/answer-language";
import { communityDataSchema, nodeName } from "../writing/result-shapes";
import { componentsSection } from "./plan-strong-components";
import type { PlanContext, PlanOutcome } from "./plan-types";
import { callSource, missingPart, planOnNodes } from "./plan-with-nodes";

// Members named in the lead; the table lists every component.
const namedInLead = 30;

/**
 * "Which airports are not reachable from JFK?": on an undirected graph, every node outside the
 * connected component that holds the named node (community_detection's connected components,
 * with that node's own component reported). On a directed graph reachability follows the
 * arrows, which components do not tell, so the answer says how to ask it instead.
 */
export function planUnreachable(input: { context: PlanContext; node: string }): PlanOutcome {
  const { context } = input;
  if (context.graph.description.directed === true) {
    return {
      kind: "done",
      part: missingPart(context, {
        en: `On a directed graph reachability follows the edges' direction; ask it for a pair, e.g. "Is X reachable from ${input.node}?".`,
        zh: `有向图的可达性要沿边的方向判断；请按节点对提问，例如“从 ${input.node} 能到达 X 吗？”。`,
      }),
    };
  }
  return planOnNodes({
    context,
    names: [input.node],
    missing: { en: "From which node?", zh: "请说明从哪个节点出发。" },
    call: ([subject]) => ({
      toolName: "community_detection",
      input: { algorithm: "connected_components", limit: 1000, node_ids: [subject.id] },
    }),
    schema: communityDataSchema,
    write: (data, [subject], call) => {
      const part = emptyPart({ succeeded: true });
      part.sources.push(callSource(call));
      const own = data.node_communities?.find((node) => node.id === subject.id)?.community;
      const others = data.communities.filter((group) => group.community !== own);
      const outside = others.flatMap((group) => group.members);
      const count = others.reduce((sum, group) => sum + group.size, 0);
      const name = nodeName(data.node_communities?.[0] ?? { id: subject.id, label: subject.label });
      if (own === undefined || count === 0) {
        part.summary.push(
          inLanguage(context, {
            en: `Every node can be reached from ${name}: the graph is one connected component.`,
            zh: `从 ${name} 出发可以到达所有节点：整个图是一个连通分量。`,
          }),
        );
        return part;
      }
      const shown = outside.slice(0, namedInLead);
      const more = count > shown.length;
      part.summary.push(
        inLanguage(context, {
          en: `${count} ${count === 1 ? "node is" : "nodes are"} not reachable from ${name}: ${shown.join(", ")}${more ? ", …" : ""}.`,
          zh: `有 ${count} 个节点从 ${name} 出发无法到达：${shown.join("、")}${more ? "……" : ""}。`,
        }),
      );
      part.notes.push(
        inLanguage(context, {
          en: `They lie in ${others.length} other connected ${others.length === 1 ? "component" : "components"}.`,
          zh: `它们位于另外 ${others.length} 个连通分量中。`,
        }),
      );
      part.sections.push(
        componentsSection(
          context,
          { en: `Components not reachable from ${name}`, zh: `从 ${name} 无法到达的连通分量` },
          others,
        ),
      );
      part.focusNodeIds = outside.slice(0, 200);
      return part;
    },
  });
}
