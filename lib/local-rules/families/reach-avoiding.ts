import { planReachAvoiding } from "../planning/plan-reach-avoiding";
import { endpointMentions } from "../reading/node-mentions";
import { cleanName } from "../reading/node-name-extraction";
import { defineFamily } from "./define-family";

/** "Could I still get from A to B if X were closed?": a walk from A to B that never enters X. */
export type ReachAvoidingIntent = {
  kind: "reach-avoiding";
  source: string;
  target: string;
  avoided: string;
};

// A node taken out of the walk: closed, removed or passed around, in English and Chinese.
const avoidClauses = [
  /\b(?:if|when|with|suppose|assuming)\s+(.+?)\s+(?:were|was|is|are|gets?|got|had been|has been)\s+(?:closed|removed|blocked|shut(?:\s+down)?|out of (?:service|action)|down|unavailable|taken out|cut off|deleted|offline|impassable|off limits)\b/i,
  /\b(?:without|never)\s+(?:going|passing|travell?ing|routing|walking|stopping|moving)\s+(?:through|via|by)\s+(.+?)(?=$|[?？!,，;.]|\s+(?:and|or)\b)/i,
  /\b(?:avoiding|bypassing|skipping|excluding)\s+(.+?)(?=$|[?？!,，;.]|\s+(?:and|or)\b)/i,
  /(?:如果|假如|要是|假设)\s*(.+?)\s*(?:被)?(?:关闭|封闭|封路|移除|删除|停用|断开|中断|不能通行|无法通行|不通)/,
  /(?:不|不能|不许)(?:经过|途经|走|通过)\s*(.+?)(?=$|[的，,？?。]|\s*(?:的话|时|能|可以))/,
  /绕(?:开|过)\s*(.+?)(?=$|[的，,？?。]|\s*(?:的话|时|能|可以))/,
];

/** The question without its avoid clause, and the node the clause takes out. */
function avoidClause(text: string): { rest: string; avoided: string } | null {
  for (const pattern of avoidClauses) {
    const match = pattern.exec(text);
    const avoided = match ? cleanName(match[1]) : null;
    if (match && avoided) return { rest: text.replace(match[0], " "), avoided };
  }
  return null;
}

// "Could I still get to …", "is there any path", "能走到 … 吗": a question of getting there.
const reachWords =
  /\b(?:reach|get|go|travel|walk|sail|fly|drive|route|path|way|connected|make it)\b|到达|走到|去到|到得了|能到|可达|路径|连通/i;

export const reachAvoidingFamily = defineFamily<ReachAvoidingIntent>({
  kind: "reach-avoiding",
  // A yes/no only: "the shortest path from A to B avoiding X" asks for a path, not whether one is left.
  read: ({ text, yesNo }) => {
    const clause = avoidClause(text);
    if (!clause || !yesNo || !reachWords.test(clause.rest)) return null;
    const { source, target } = endpointMentions(clause.rest);
    if (!source || !target) return null;
    return [{ kind: "reach-avoiding", source, target, avoided: clause.avoided }];
  },
  plan: (context, intent) => planReachAvoiding({ context, ...intent }),
  title: { en: "Reachability without a node", zh: "绕开节点的可达性" },
});
