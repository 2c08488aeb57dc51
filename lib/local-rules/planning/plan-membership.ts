import { emptyPart } from "../writing/answer-document";
import { inLanguage } from "../writing/answer-language";
import { communityDataSchema, nodeName } from "../writing/result-shapes";
import type { CommunityAlgorithm } from "./community-algorithm";
import type { PlanContext, PlanOutcome } from "./plan-types";
import { callSource, planOnNodes } from "./plan-with-nodes";

/** Which community a named node is in, and who else is in it (community_detection node_ids). */
export function planMembership(input: {
  context: PlanContext;
  node: string;
  algorithm: CommunityAlgorithm;
}): PlanOutcome {
  const { context, algorithm } = input;
  return planOnNodes({
    context,
    names: [input.node],
    missing: { en: "Which node?", zh: "请说明是哪个节点。" },
    call: ([subject]) => ({
      toolName: "community_detection",
      input: { algorithm, node_ids: [subject.id] },
    }),
    schema: communityDataSchema,
    write: (data, [subject], call) => {
      const part = emptyPart({ succeeded: true });
      part.sources.push(callSource(call));
      const own = data.node_communities?.[0];
      const group = data.communities.find((community) => community.community === own?.community);
      if (!own) {
        part.succeeded = false;
        part.summary.push(
          inLanguage(context, {
            en: "The node's community was not reported.",
            zh: "没有得到该节点所在的社区。",
          }),
        );
        return part;
      }
      const others = (group?.members ?? []).filter((member) => member !== subject.id);
      part.summary.push(
        inLanguage(context, {
          en: `${nodeName(own)} is in community ${own.community} of ${data.community_count}${group ? `, with ${group.size - 1} other members: ${others.slice(0, 20).join(", ")}${others.length > 20 ? ", …" : ""}` : ""}.`,
          zh: `${nodeName(own)} 属于 ${data.community_count} 个社区中的第 ${own.community} 个${group ? `，同社区的其他 ${group.size - 1} 个成员：${others.slice(0, 20).join("、")}${others.length > 20 ? "……" : ""}` : ""}。`,
        }),
      );
      part.notes.push(
        inLanguage(context, {
          en: `Communities by ${algorithm.replaceAll("_", " ")} (modularity ${data.modularity.toFixed(4)}); another algorithm or run may draw the borders differently.`,
          zh: `社区由 ${algorithm.replaceAll("_", " ")} 算法得到（模块度 ${data.modularity.toFixed(4)}），换用其他算法时边界可能不同。`,
        }),
      );
      part.focusNodeIds = [subject.id, ...others.slice(0, 50)];
      return part;
    },
  });
}

/** "Are A and B in the same community?": both nodes' communities from one partition. */
export function planSameCommunity(input: {
  context: PlanContext;
  source: string;
  target: string;
  algorithm: CommunityAlgorithm;
}): PlanOutcome {
  const { context, algorithm } = input;
  return planOnNodes({
    context,
    names: [input.source, input.target],
    missing: { en: "Which two nodes?", zh: "请给出两个节点。" },
    call: ([a, b]) => ({
      toolName: "community_detection",
      input: { algorithm, node_ids: [a.id, b.id] },
    }),
    schema: communityDataSchema,
    write: (data, [a, b], call) => {
      const part = emptyPart({ succeeded: true });
      part.sources.push(callSource(call));
      const first = data.node_communities?.find((node) => node.id === a.id);
      const second = data.node_communities?.find((node) => node.id === b.id);
      if (!first || !second) {
        part.succeeded = false;
        part.summary.push(
          inLanguage(context, {
            en: "The nodes' communities were not reported.",
            zh: "没有得到这两个节点所在的社区。",
          }),
        );
        return part;
      }
      const same = first.community === second.community;
      part.summary.push(
        same
          ? inLanguage(context, {
              en: `Yes — ${nodeName(first)} and ${nodeName(second)} are in the same community (#${first.community} of ${data.community_count}).`,
              zh: `是的——${nodeName(first)} 和 ${nodeName(second)} 属于同一个社区（第 ${first.community} 个，共 ${data.community_count} 个）。`,
            })
          : inLanguage(context, {
              en: `No — ${nodeName(first)} is in community #${first.community} and ${nodeName(second)} in #${second.community} (of ${data.community_count}).`,
              zh: `否——${nodeName(first)} 属于第 ${first.community} 个社区，${nodeName(second)} 属于第 ${second.community} 个（共 ${data.community_count} 个）。`,
            }),
      );
      part.notes.push(
        inLanguage(context, {
          en: `Communities by ${algorithm.replaceAll("_", " ")} (modularity ${data.modularity.toFixed(4)}).`,
          zh: `社区由 ${algorithm.replaceAll("_", " ")} 算法得到（模块度 ${data.modularity.toFixed(4)}）。`,
        }),
      );
      part.focusNodeIds = [a.id, b.id];
      return part;
    },
  });
}
