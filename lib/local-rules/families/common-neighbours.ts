import { type CommonNeighboursAsk, planCommonNeighbours } from "../planning/plan-common-neighbours";
import { questionWords } from "../reading/question-words";
import { defineFamily } from "./define-family";

/** "How many co-authors do r05 and r07 have in common?": the neighbours two nodes share. */
export type CommonNeighboursIntent = {
  kind: "common-neighbours";
  source: string;
  target: string;
  ask: CommonNeighboursAsk;
};

// "How many people are on both Atlas and Cobalt?", "Who worked on both?", "Atlas 和 Halcyon
// 两个项目共有多少名成员？", "都参与了": what is linked to each of two named nodes.
const onBoth =
  /\b(?:on|in|at|of|from|for|to|with|by|into|under|across|between)\s+both\b(?!\s+(?:directions?|ways))|\bboth\s+(?:[A-Z0-9]\S*\s+)+(?:and|&)\s+\S+\s+(?:have|share|had|shared)\b|\b(?:both|each)\s+of\s+them\b|\bboth\s+[a-z]+(?:ed|en)\s+(?:in|on|at|for|with|to)\b|一起[\u4e00-\u9fff]{1,4}?(?:过|了)?(?:哪些|什么|几|多少|哪)|\bshare[sd]?\s*[?？.!]?\s*$|\bhave\s+in\s+common\s*[?？.!]?\s*$|(?:共有|共同拥有|都有|同时拥有)(?:多少|几|哪些|谁)|(?:都|同时|共同)(?:参与|参加|加入|属于|在|去过|买过|借过|连接|认识|关注|合作|服务)|共同(?:的)?(?:成员|员工|参与者|人员|客户|用户|会员|作者|读者|学生|买家)/i;

// "Have A and B worked on the same project?", "A 和 B 有没有参与同一个项目？": a neighbour of
// that kind they share (a community, a component or a distance is not a neighbour).
const sameThing =
  /\bthe\s+same\s+(?!(?:community|communities|cluster|group|faction|component|camp|connected|time|way|number|amount|degree|distance|length|path|route|side|one|thing)\b)[a-z]+|\bshare[sd]?\s+(?:a|an|any|one|some)\s+[a-z]+|同一(?:个|家|所|条|位|本|篇|间|支)?(?!社区|社群|派系|连通|分量|群体|时间|阵营|圈子)[\u4e00-\u9fff]/i;

// Two named nodes asked about a path, an edge or a similarity are not about what they share.
const otherTwoNodeWords = new RegExp(
  [questionWords.path, questionWords.reachability, questionWords.flow, questionWords.similarity]
    .map((pattern) => pattern.source)
    .join("|"),
  "i",
);

function sharesNeighbours(text: string): boolean {
  if (questionWords.sharedNeighbours.test(text)) return true;
  if (otherTwoNodeWords.test(text)) return false;
  if (onBoth.test(text)) return true;
  return (
    sameThing.test(text) &&
    !questionWords.sameCommunity.test(text) &&
    !questionWords.communities.test(text) &&
    !questionWords.components.test(text)
  );
}

export const commonNeighboursFamily = defineFamily<CommonNeighboursIntent>({
  kind: "common-neighbours",
  read: ({ text, yesNo, endpoints: { source, target } }) => {
    if (!source || !target || !sharesNeighbours(text)) return null;
    // "Which two people are most likely to connect, by common neighbours?" is a similarity.
    if (questionWords.likelyLinks.test(text)) return null;
    return [
      {
        kind: "common-neighbours",
        source,
        target,
        ask: yesNo ? "exists" : questionWords.count.test(text) ? "count" : "list",
      },
    ];
  },
  plan: (context, intent) => planCommonNeighbours({ context, ...intent }),
  title: { en: "Neighbours in common", zh: "共同邻居" },
});
