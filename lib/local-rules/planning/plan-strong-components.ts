import { type AnswerSection, emptyPart } from "../writing/answer-document";
import { inLanguage } from "../writing/answer-language";
import { communityDataSchema } from "../writing/result-shapes";
import type { PlanContext, PlanOutcome } from "./plan-types";
import { callSource } from "./plan-with-nodes";
import { planSingleCall } from "./single-call-plan";

/** Strongly connected components of a directed graph (community_detection's SCC partition). */
export function planStrongComponents(input: {
  context: PlanContext;
  ask: "count" | "largest";
}): PlanOutcome {
  const { context, ask } = input;
  const call = {
    toolName: "community_detection",
    input: { algorithm: "strongly_connected_components" },
  };
  return planSingleCall({
    context,
    call,
    schema: communityDataSchema,
    write: (data) => {
      const part = emptyPart({ succeeded: true });
      part.sources.push(callSource(call));
      const largest = data.communities[0];
      part.summary.push(
        ask === "largest" && largest
          ? inLanguage(context, {
              en: `The largest strongly connected component has ${largest.size} nodes.`,
              zh: `最大的强连通分量包含 ${largest.size} 个节点。`,
            })
          : inLanguage(context, {
              en: `The graph has ${data.community_count} strongly connected components.`,
              zh: `图中共有 ${data.community_count} 个强连通分量。`,
            }),
      );
      part.sections.push({
        heading: inLanguage(context, {
          en: "Largest strongly connected components",
          zh: "最大的强连通分量",
        }),
        blocks: [
          {
            kind: "table",
            columns: [
              "#",
              inLanguage(context, { en: "Size", zh: "大小" }),
              inLanguage(context, { en: "Members (ids)", zh: "成员" }),
            ],
            rows: data.communities
              .slice(0, 10)
              .map((group) => [
                String(group.community),
                String(group.size),
                `${group.members.slice(0, 12).join(", ")}${group.members.length > 12 || group.members_truncated ? ", …" : ""}`,
              ]),
          },
        ],
      });
      return part;
    },
  });
}

/**
 * "Which researchers are cut off from the main collaboration network?": every node outside the
 * largest connected component, listed by its component (community_detection's components).
 */
export function planOutsideMain(input: { context: PlanContext }): PlanOutcome {
  const { context } = input;
  const call = {
    toolName: "community_detection",
    input: { algorithm: "connected_components", limit: 1000 },
  };
  return planSingleCall({
    context,
    call,
    schema: communityDataSchema,
    write: (data) => {
      const part = emptyPart({ succeeded: true });
      part.sources.push(callSource(call));
      const [main, ...others] = [...data.communities].sort((a, b) => b.size - a.size);
      const outside = others.flatMap((group) => group.members);
      const count = others.reduce((sum, group) => sum + group.size, 0);
      if (!main || count === 0) {
        part.summary.push(
          inLanguage(context, {
            en: "No node is cut off: the graph is one connected component.",
            zh: "没有节点被隔开：整个图是一个连通分量。",
          }),
        );
        return part;
      }
      part.summary.push(
        inLanguage(context, {
          en: `${count} nodes are outside the largest component (${main.size} nodes): ${outside.slice(0, 30).join(", ")}${count > 30 ? ", …" : ""}.`,
          zh: `有 ${count} 个节点不在最大连通分量（${main.size} 个节点）中：${outside.slice(0, 30).join("、")}${count > 30 ? "……" : ""}。`,
        }),
      );
      part.sections.push(
        componentsSection(
          context,
          {
            en: "Components outside the largest",
            zh: "最大分量之外的连通分量",
          },
          others,
        ),
      );
      part.focusNodeIds = outside.slice(0, 200);
      return part;
    },
  });
}

/** A table of components, one row each: its size and its member ids. */
export function componentsSection(
  context: PlanContext,
  heading: { en: string; zh: string },
  groups: { size: number; members: string[] }[],
): AnswerSection {
  return {
    heading: inLanguage(context, heading),
    blocks: [
      {
        kind: "table",
        columns: [
          inLanguage(context, { en: "Size", zh: "大小" }),
          inLanguage(context, { en: "Members (ids)", zh: "成员" }),
        ],
        rows: groups.map((group) => [String(group.size), group.members.join(", ")]),
      },
    ],
  };
}
