import { type CutAsk, type CutKind, planCutPoints } from "../planning/plan-cut-points";
import { questionWords } from "../reading/question-words";
import { defineFamily } from "./define-family";
import type { OutsideMainIntent } from "./outside-main";
import type { QuestionText } from "./question-text";

/** "Are there any bridges in the route network?": edges or nodes whose removal splits it. */
export type CutPointsIntent = { kind: "cut-points"; what: CutKind; ask: CutAsk };

// A cut said in other words: a removal ("if closed", "去掉", "一旦中断") and what it does to
// the whole network ("cut apart", "split in two", "断开"), in either order. The thing removed
// is a link when the question's noun is one (links, lines, roads, 线路), else a node.
const removalWords =
  /\b(?:remov(?:e|ed|es|ing|al)|delet(?:e|ed|es|ing|ion)|clos(?:e|ed|es|ing|ure)|shut(?:\s+down)?|shutting|tak(?:e|en|ing)\s+(?:out|away|down)|took\s+(?:out|away|down)|knock(?:ed)?\s+out|cut|cutting|fail(?:s|ed|ing|ures?)?|went\s+down|go(?:es)?\s+down|goes\s+offline|offline|disabl(?:e|ed|ing)|los(?:e|t|ing|s)|without|drop(?:ped|s)?|break(?:s)?\s+down|broke\s+down|destroy(?:ed)?|block(?:ed)?|sever(?:ed)?|suspend(?:ed)?|out\s+of\s+(?:service|action))\b|去掉|去除|除去|移除|删除|删掉|拿掉|关闭|关掉|停用|停运|中断|断掉|断开|断了|故障|失效|封闭|拆除|瘫痪|少了|没有了|失去/i;
const splitWords =
  /\b(?:disconnect(?:s|ed|ing)?|split(?:s|ting)?|cut\s+(?:\w+\s+){0,3}(?:apart|off|in\s+two|into)|break(?:s|ing)?\s+(?:\w+\s+){0,3}(?:apart|up|into)|broken\s+(?:apart|up|into)|fragment(?:s|ed|ing)?|partition(?:s|ed)?|fall(?:s)?\s+apart|separat(?:e|es|ed|ing)\s+(?:\w+\s+){0,3}(?:into|in\s+two|from)|isolat(?:e|es|ed|ing)|in\s+two|into\s+(?:two|several|separate|multiple)\s+(?:parts|pieces|components|halves)|no\s+longer\s+(?:connected|reachable)|unreachable)\b|断开|分裂|断裂|不连通|不再连通|割裂|一分为二|分成|分割成|隔断|孤立|失联|连不上|到不了|无法到达|不能到达|无法抵达|到达不了|不可达|拆散|断成/i;
const wholeNetwork =
  /\b(?:network|graph|system|map|grid|web|line|lines|metro|rail|it|everything|the rest|part of|parts of|some|others)\b|网络|图|系统|线网|整体|全网|其余|其他|部分|一些|某些/i;
const linkNouns =
  /\b(?:links?|edges?|connections?|lines?|tracks?|routes?|roads?|streets?|segments?|sections?|lanes?|ties?|flights?|legs?|bridges?|cables?|pipes?|hops?|relationships?|friendships?|transfers?)\b|线路|连接|边|链路|道路|公路|航线|路段|区间|轨道|关系|通道|步道|小径|(?:几|多少)[段条]/i;
const nodeNouns =
  /\b(?:which|what|how many)\s+(?:\w+\s+)?(?:stations?|stops?|nodes?|vertices|airports?|cities|towns?|people|persons?|accounts?|users?|members?|hubs?|sites?|places?|routers?|servers?|computers?|ones?)\b|站点|车站|节点|机场|城市|城镇|账户|用户|成员|枢纽|哪些站|哪个站|哪座|哪几个站/i;

// Names that say which: "articulation points", "cut points", "single points of failure" are
// nodes.
const nodeCutNames =
  /\barticulation points?\b|\bcut[\s-]?(?:vertices|vertex|nodes?|points?)\b|\bsingle points? of failure\b|割点|关节点/i;

/** Edges (bridges) when the question's first noun of what is removed is a link, else nodes. */
function removedKind(text: string): CutKind {
  const linkAt = text.search(linkNouns);
  const nodeAt = text.search(nodeNouns);
  return linkAt >= 0 && (nodeAt < 0 || linkAt < nodeAt) ? "bridges" : "articulation";
}

/** "去掉哪些站点会让网络断开？", "How many links would split the network in two if closed?" */
function readCutInOtherWords({ text, nodeMentions, yesNo }: QuestionText): CutKind | null {
  // A named node or two make it a question about those nodes (a what-if on them, a path).
  if (nodeMentions.length > 0) return null;
  if (!wholeNetwork.test(text)) return null;
  // The removal is said apart from the split: "cut off" alone is a part already apart (the
  // nodes outside the main component), "if one closes, part is cut off" a cut; "断开" is either.
  const spans = (pattern: RegExp) =>
    [...text.matchAll(new RegExp(pattern.source, "gi"))].map((match) => ({
      start: match.index ?? 0,
      end: (match.index ?? 0) + match[0].length,
    }));
  const removals = spans(removalWords);
  const apart = spans(splitWords).some((split) =>
    removals.some((removal) => removal.end <= split.start || removal.start >= split.end),
  );
  if (!apart) return null;
  const asksWhich =
    /\b(?:which|what|how many|list|name|any)\b|哪|多少|几[个条座]|有没有|是否/i.test(text);
  return asksWhich || yesNo ? removedKind(text) : null;
}

// "Which stations, if closed, would …": a list, though a clause after a comma reads as yes/no.
const whichAsked = /^\s*(?:which|what|list|name|show|give)\b|哪些|哪几|哪个|哪条/i;

// "Which roads are bridges?", "图中有几座桥？": bridges named as what links are.
const linksAsBridges = new RegExp(
  `(?:${linkNouns.source})\\s+(?:\\w+\\s+){0,2}?(?:are|is|act\\s+as|count\\s+as|serve\\s+as)\\s+(?:a\\s+)?bridges?\\b(?!\\s+between)|(?:几|多少)(?:座|条|个)桥(?!梁)|(?:几|多少)[段条]\\S{0,6}?是桥(?!梁)|哪些(?:边|线路|连接|道路|路段)是桥|哪(?:些|几条|几段|条|段)\\S{0,6}?是桥(?!梁)|(?:是否|有没有|存在)(?:任何)?桥(?:边)?(?:吗)?[？?]?$|桥(?:边)?有(?:哪些|几|多少)`,
  "i",
);

/** Which cut the question asks about, or null when it asks about none. */
function readCutKind(question: QuestionText): CutKind | null {
  const { text } = question;
  if (questionWords.cutEdges.test(text) || linksAsBridges.test(text)) return "bridges";
  if (nodeCutNames.test(text)) return "articulation";
  // "Which roads, if removed, would disconnect the graph?": the removed thing's noun decides.
  if (questionWords.articulation.test(text)) return removedKind(text);
  return readCutInOtherWords(question);
}

// "Which department is completely disconnected from the rest of the graph?", "哪个部门和图的
// 其余部分完全不相连？": the graph is already cut; the nodes outside its main part.
const detachedWords =
  /\b(?:disconnected|cut\s+off|isolated|separated|detached|unconnected|unlinked|not\s+(?:connected|linked|joined|attached))\s+(?:\w+\s+){0,2}?(?:from|to|with)\s+(?:the\s+)?(?:rest|remainder|others|everything|anything|everyone|other\s+(?:nodes|parts))\b|(?:和|与|跟)\s*(?:整个)?(?:图|网络)?的?(?:其余|其他|剩余|剩下)的?(?:部分|节点|所有节点)?\S{0,4}?(?:不相连|不连通|没有连接|断开|隔离|孤立|不相通)/i;

export const cutPointsFamily = defineFamily<CutPointsIntent, CutPointsIntent | OutsideMainIntent>({
  kind: "cut-points",
  // "Which airports are single points of failure?": cuts of the whole graph.
  read: (question) => {
    const { text, yesNo } = question;
    if (question.nodeMentions.length === 0 && detachedWords.test(text)) {
      return [{ kind: "outside-main" }];
    }
    const what = readCutKind(question);
    if (!what) return null;
    return [
      {
        kind: "cut-points",
        what,
        ask: questionWords.count.test(text)
          ? "count"
          : yesNo && !whichAsked.test(text)
            ? "exists"
            : "list",
      },
    ];
  },
  plan: (context, intent) => planCutPoints({ context, ...intent }),
  title: {
    en: (intent) => (intent.what === "bridges" ? "Bridges" : "Articulation points"),
    zh: (intent) => (intent.what === "bridges" ? "桥边" : "割点"),
  },
});
