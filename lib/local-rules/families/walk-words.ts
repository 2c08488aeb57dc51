import { cleanName } from "../reading/node-name-extraction";
import { parseNumberWord } from "../reading/question-numbers";
import { questionWords } from "../reading/question-words";
import type { QuestionText } from "./question-text";

// The words of walking the graph, by what they mean rather than by one phrasing: a walk along
// the edges ("eventually", "following the arrows", "流到"), how far apart two nodes are (a
// time, a distance, a number of steps), how many nodes one reaches, a walk that comes back to
// where it began, and the two nodes farthest apart. English and Chinese side by side.

/**
 * A walk along the edges rather than one edge: "eventually", "ends up", "following the
 * reporting lines", "flows to", "顺着转账方向", "最终", "流到". A yes/no with these words about
 * two named nodes asks whether one reaches the other ("directly" asks for the edge instead).
 */
export const walkWords =
  /\b(?:eventually|ultimately|in the end|at some point|sooner or later|indirectly|transitively|down the line|further down|further up|upwards?|downwards?|upstream|downstream)\b|\bend(?:s|ed)? up\b|\b(?:follow(?:s|ed|ing)?|along|via|through|by way of|up|down)\s+(?:the\s+|its\s+|their\s+|a\s+|any\s+)?(?:[\w-]+\s+){0,2}?(?:directions?|arrows?|edges?|links?|lines?|chains?|paths?|routes?|hierarchy|ladder|tree|flows?|connections?|relationships?|transfers?|referrals?|payments?|emails?|shipments?|roads?|tracks?|citations?|reports?)\b|\b(?:flow(?:s|ed)?|trickle[sd]?|propagate[sd]?|spread(?:s)?|pass(?:es|ed)? on|be (?:passed|forwarded|relayed)|find (?:its|their) way|make (?:it|its way|their way)|work (?:its|their) way)\s+(?:\w+\s+){0,3}?(?:to|into|on to|onto|through to|as far as)\b|最终|最后|终究|终将|迟早|间接|辗转|层层|逐级|一路|顺着|沿着|沿\S{0,8}(?:方向|关系|链|路线|边)|(?:流|传|走|汇报|上报|传递)(?:得)?(?:到|至|向)|流向|流入|到得了|通往|通到|抵达/i;

/** "directly", "直接", "nonstop": one edge, not a walk. */
export const directWords = /\bdirect(?:ly)?\b|\bnon-?stop\b|直接|直达/i;

/**
 * "directly or via re-exports", "directly or indirectly", "直接或间接": one edge or a walk,
 * so a walk; "directly" here restricts nothing.
 */
export const directOrNotWords =
  /\b(?:whether\s+)?direct(?:ly)?\s*(?:,\s*)?(?:or|and|and\/or)\s+(?:indirect(?:ly)?|via|through|by\s+way\s+of|not|otherwise|transitively)\b|直接(?:或|或者|和|与|及|还是)(?:间接|通过|经由|经过|辗转)/gi;

/** Whether "directly" restricts the question to one edge (and is not "directly or indirectly"). */
export function onlyDirect(text: string): boolean {
  return directWords.test(text.replace(directOrNotWords, ""));
}

// A measure of how far apart two nodes are: a time, a distance, a cost or a number of steps,
// asked as a quantity ("how far", "how many stops", "the quickest travel time", "最少几站").
const separationMeasures = [
  /\bhow (?:far|long|close|near)\b/i,
  /\bhow much (?:\w+\s+)?(?:time|distance|longer)\b/i,
  /\bhow many\s+(?:[\w-]+\s+){0,2}?(?:stops|stations|hops|steps|legs|jumps|levels|layers|tiers|rungs|degrees(?: of separation)?|intermediar(?:y|ies)|handoffs|hand-offs|minutes|hours|seconds|days|km|kilomet(?:er|re)s|miles)\b/i,
  /\b(?:quickest|fastest|shortest|least|fewest|minimum|minimal|smallest|lowest|cheapest|nearest|closest)\s+(?:[\w-]+\s+){0,3}?(?:time|travel|journey|trip|ride|route|path|way|distance|cost|number|connection|chain|hops?|stops?|steps?|legs?|transfers?|changes?|levels?|km|kilomet\w*|miles|minutes?|hours?)\b/i,
  /\b(?:travel|journey|trip|ride|driving|transit|walking|flight|commute)\s+(?:time|distance|duration)\b/i,
  // "Apart from a25, …" leaves a node out; it measures nothing.
  /\bseparat(?:e|es|ed|ing|ion)\b|\bapart\b(?!\s+from)|\baway from\b|\bdistance\b/i,
  /\btakes?\b[^?？]{0,40}\bto (?:get|go|reach|travel|move|send|pass|come)\b/i,
  /(?:最少|最短|最快|最近|至少|最省|最低)[^，。？?,]{0,10}(?:几|多少|多久|多远|多长)/,
  /几(?:站|跳|步|层|级|程|段|个中间)|多少(?:站|跳|步|层|级|分钟|小时|公里|千米|英里|秒)|多远|多久|多长时间|相距|相隔|隔了?几|间隔|距离/,
];

// A cut-out end that is the rest of the sentence rather than a name ("a01 出发一共能").
const notAName =
  /[?？]|\b(?:how|what|which|many|much|can|could)\b|多少|几|吗|能|出发|一共|是否|哪/i;

// Where an English end stops: punctuation, or a word that starts another clause.
const nameEnd =
  "(?=$|[?？!！,，;；。]|\\.\\s*$|\\s+(?:in|on|within|using|with|and then|please|via|for|if|by|counting|following|along)\\b)";

// "separate X from the chief executive", "between X and the root": a definite description in
// the place of a name names the node holding that value (search_node matches property values).
const rolePatterns = [
  new RegExp(`\\bseparat\\w*\\s+(.+?)\\s+(?:from|and)\\s+(the\\s+.+?)${nameEnd}`, "i"),
  new RegExp(`\\bbetween\\s+(.+?)\\s+and\\s+(the\\s+.+?)${nameEnd}`, "i"),
  new RegExp(`\\bfrom\\s+(.+?)\\s+to\\s+(the\\s+.+?)${nameEnd}`, "i"),
  new RegExp(`\\bseparat\\w*\\s+(the\\s+.+?)\\s+(?:from|and)\\s+(.+?)${nameEnd}`, "i"),
];

// What stands between the two ends of one relation: "from A to B", "A and B", "A from B",
// "从 A 到 B", "A 和 B 之间", "A → B".
const connector = /^[\s,，]*(?:to|and|from|&|->|→|—|-|–|到|和|与|跟|至|去|同|离|距|距离)[\s,，]*$/i;

/** The two names are the two ends of one relation, not two names in separate clauses. */
function joined(text: string, source: string, target: string): boolean {
  const between = (first: string, second: string) => {
    const start = text.indexOf(first);
    const end = text.indexOf(second, start + first.length);
    return (
      start >= 0 && end >= 0 && connector.test(withoutLabels(text.slice(start + first.length, end)))
    );
  };
  return between(source, target) || between(target, source);
}

// "从鹿特丹到卡亚俄（CLL）", "from Port Said (PSD) to …": the label before a bracketed id is the
// same node, so what joins the two ends is the word around it.
function withoutLabels(gap: string): string {
  return gap
    .replace(/^\s*[)）]/, "")
    .replace(/(?:[^\s,，（()）从到和与跟至去]{1,12}|(?:\s+[A-Z][\w.'’-]*)+)\s*[（(]\s*$/, "");
}

function plausibleName(name: string | null): name is string {
  return name !== null && name.length <= 60 && !notAName.test(name);
}

/**
 * The two ends of a question about how far apart two nodes are: the named nodes, or a named
 * node and a definite description in the other end's place ("the chief executive").
 */
export function separationEnds(question: QuestionText): { source: string; target: string } | null {
  const { endpoints, nodeMentions, text } = question;
  if (
    nodeMentions.length >= 2 &&
    plausibleName(endpoints.source) &&
    plausibleName(endpoints.target) &&
    joined(text, endpoints.source, endpoints.target)
  ) {
    return { source: endpoints.source, target: endpoints.target };
  }
  // "Roughly how many intermediaries … from Alice to Bob?": a capitalised word that is no
  // node comes first; the two joined names are the ends.
  for (let index = 0; index + 1 < nodeMentions.length; index++) {
    const [source, target] = [nodeMentions[index], nodeMentions[index + 1]];
    if (plausibleName(source) && plausibleName(target) && joined(text, source, target)) {
      return { source, target };
    }
  }
  if (nodeMentions.length > 1) return null;
  for (const pattern of rolePatterns) {
    const match = pattern.exec(question.text);
    if (!match) continue;
    const source = cleanName(match[1]);
    const target = cleanName(match[2]);
    if (plausibleName(source) && plausibleName(target) && source !== target) {
      return { source, target };
    }
  }
  if (
    question.twoNodes &&
    plausibleName(endpoints.source) &&
    plausibleName(endpoints.target) &&
    nodeMentions.length === 0
  ) {
    return { source: endpoints.source, target: endpoints.target };
  }
  return null;
}

/**
 * "What is the quickest travel time from A to B?", "How many levels separate A from B?",
 * "从 A 到 B 最少要坐几站？": two ends and a measure of how far apart they are, so the answer is
 * a shortest path. A list of several paths or a flow is another family's.
 */
export function separationAsked(
  question: QuestionText,
): { source: string; target: string | null; toEnd?: true } | null {
  const { text, nodeMentions, subject } = question;
  if (questionWords.kShortest.test(text) || questionWords.flow.test(text)) return null;
  if (severalPaths(text) !== null) return null;
  if (!separationMeasures.some((pattern) => pattern.test(text))) return null;
  const ends = separationEnds(question);
  if (ends) return ends;
  // "How many levels is X below the top?", "从 X 到最高层隔了几级？": the other end is where the
  // walk from X along the edges stops.
  const node =
    nodeMentions.length === 1 ? nodeMentions[0] : nodeMentions.length === 0 ? subject : null;
  if (plausibleName(node) && topWords.test(text))
    return { source: node, target: null, toEnd: true };
  return null;
}

/** "the top", "the root of the hierarchy", "最高层": where a walk along the edges ends. */
const topWords =
  /\bthe (?:very )?(?:top|root|apex|summit)(?: (?:of|in) the (?:\w+ )?(?:hierarchy|chain|tree|ladder|organi[sz]ation|company|line|structure|pyramid))?\b(?!\s*(?:\d|one|two|three|five|ten|ranked|nodes?)\b)|\bthe (?:highest|top|uppermost|last) (?:level|rung|tier|layer)\b|\bthe end of the (?:chain|line|path)\b|最高层|最顶层|顶层|最顶端|顶端|最上层|最高一级|最高级|根节点|尽头|最顶上/i;

const count = "(\\d+|two|three|four|five|six|seven|eight|nine|ten|[二两三四五六七八九十])";
const best = "(?:quickest|fastest|cheapest|shortest|best|nearest)";
const routes = "(?:paths|routes|ways|connections|trips|journeys|itineraries|chains|options)";
const severalPathsPatterns = [
  new RegExp(`\\b${count}\\s+${best}\\s+(?:\\S+\\s+){0,2}?${routes}\\b`, "i"),
  new RegExp(`\\b${best}\\s+${count}\\s+(?:\\S+\\s+){0,1}?${routes}\\b`, "i"),
  new RegExp(
    `(?:最快|最短|最近|最便宜|最省|最优)的?\\s*(?:前\\s*)?${count}\\s*条(?:路线|路径|线路|路)`,
  ),
  new RegExp(`(?:前\\s*)?${count}\\s*条(?:最快|最便宜|最省|最优|最近)的?(?:路线|路径|线路|路)`),
];

/**
 * "the 3 quickest routes", "最快的 3 条路线": several paths ranked by a measure other than
 * "shortest" (questionWords.kShortest has those); the number asked, or null.
 */
export function severalPaths(text: string): number | null {
  for (const pattern of severalPathsPatterns) {
    const match = pattern.exec(text);
    if (match) return parseNumberWord(match[1]);
  }
  return null;
}

// "reach", "reachable", "get to", "到达", "流到": where a walk from a node gets.
const reachVerb =
  /\breach(?:es|ed|able|ing)?\b|\blead(?:s)? (?:back )?to\b|\bled (?:back )?to\b|\bget to\b|\bend(?:s)? up (?:at|in|with)\b|\bflows? (?:to|into)\b|\bmake it to\b|\baccessible\b|可达|到达|能到|可以到|到得了|流到|流向|流入|触达|传到|波及|追(?:溯)?到|追得到/i;

// A bound on the walk ("within two stops", "in 3 hops", "directly", "两跳以内"): the
// neighbourhood at that depth, another family's question.
const depthBound =
  /\bwithin\b|\bat most\b|\bup to\b|\bno more than\b|\bfewer than\b|\bless than\b|\bin (?:\d+|one|two|three|four|five|a single)\s+(?:hops?|steps?|stops?|moves?|jumps?|legs?)\b|\b(?:\d+|one|two|three|four|five)[\s-](?:hops?|steps?|stops?|legs?|jumps?|degrees?)\b|\bfriends? of (?:a )?friends?\b|以内|之内|[一二两三四五六七八九十\d]\s*(?:跳|步|度|站|层|阶)|经停/i;

const stepCount =
  /\bhow many\s+(?:[\w-]+\s+)?(?:stops|hops|steps|legs|jumps|levels|layers|tiers|rungs|transfers|changes|minutes|hours|km|miles)\b|几(?:站|跳|步|层|级|次)|多少(?:站|跳|步|层|级|分钟|小时|公里)/i;

// "the size of the set reachable from X", "how big is X's reach": a count in other words.
const sizeWords = /\bsize\b|\bhow (?:big|large|wide)\b|规模|多大|范围有多/i;

// "which …", "哪些": the reached nodes listed, when a walk word says the walk goes on.
const walkListWords = /\b(?:which|what)\b|哪些/i;

const negation =
  /\bnot\b|n't\b|\bnever\b|\bcannot\b|\bunreachable\b|\bunable\b|无法|不能|不可|到不了|没法|不到/i;

/**
 * "How many accounts can a03 reach?", "How many nodes are reachable from X?", "从 a01 出发一共
 * 能到达多少个账户？": how many nodes a walk from one named node reaches, however far. The
 * node reached into ("How many accounts can reach a38?") turns the walk round.
 */
export function reachSetAsked(
  question: QuestionText,
): { node: string; direction: "from" | "to" } | null {
  const { text, yesNo, nodeMentions, subject } = question;
  // "Following mentor links upwards from X, which researchers do you reach?" lists the set.
  const listed = walkListWords.test(text) && walkWords.test(text);
  const sized = questionWords.count.test(text) || sizeWords.test(text) || listed;
  if (yesNo || !sized || !reachVerb.test(text)) return null;
  if (depthBound.test(text) || onlyDirect(text) || negation.test(text)) return null;
  // "How many steps does X need to reach the top?": a count of steps is a distance.
  if (stepCount.test(text)) return null;
  if (questionWords.wholeGraphConnected.test(text)) return null;
  if (nodeMentions.length > 1) return null;
  const node = nodeMentions[0] ?? subject;
  if (!plausibleName(node)) return null;
  return { node, direction: walksInto(text, node) ? "to" : "from" };
}

function escaped(name: string): string {
  return name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The named node is where the walk ends: "can reach a38", "能到达 a38 的", "is X reachable from". */
function walksInto(text: string, node: string): boolean {
  const name = escaped(node);
  const from = new RegExp(
    `\\bfrom\\s+(?:the\\s+)?(?:node\\s+)?${name}|从\\s*${name}|${name}\\s*(?:出发|开始)`,
    "i",
  );
  if (from.test(text)) return false;
  const into = new RegExp(
    `(?:\\breach(?:es|ed)?|\\bget to|\\bend up (?:at|in)|\\bflows? (?:to|into)|\\bmake it to|到达|能到|可以到|流到|流向|流入|传到)\\s*(?:the\\s+)?(?:node\\s+)?${name}|\\b(?:is|are)\\s+${name}\\s+(?:reachable|accessible)\\s+from\\b`,
    "i",
  );
  return into.test(text);
}

/**
 * A walk that comes back to where it began: "Does money ever flow back to where it started?",
 * "come back round to where it began", "有没有钱最终又转回到原来的账户？" — a directed cycle.
 */
export const comeBackWords =
  /\bback\s+(?:\w+\s+){0,2}?to\b[^?？.]{0,40}?\b(?:where|start(?:ed|ing)?|began|begun|beginning|origin(?:al|ated)?|source|sender|initiat\w+|came from|set out)\b|\breturn(?:s|ed|ing)?\s+to\s+(?:where|(?:its|their|the) (?:\w+ )?(?:start|origin|source|beginning|sender|owner|starting point))\b|\bwhere (?:it|they|she|he|the \w+) (?:started|began|begun|came from|originated|set out)\b|\bround[\s-]trips?\b|\bcircular (?:flows?|chains?|paths?|routes?|transfers?|payments?|references?|dependenc(?:y|ies)|reporting|citations?)\b|\b(?:round|around) in (?:a )?circles?\b|\bcomes? full circle\b|回到(?:原来|原先|最初|起始|起点|出发|原|自己|本)|(?:转|流|传|绕|走)回(?:到|给)?(?:原来|原先|最初|原|自己|起点|出发)|又(?:转|流|传|绕|走)?回(?:到|给)?(?:原来|原先|最初|原|自己|起点|出发)|回流|绕(?:了)?(?:一圈|一个圈)|兜(?:了)?(?:一)?圈/i;

/**
 * The two nodes farthest apart, or the longest shortest path: the diameter ("How far apart
 * are the two most distant stations?", "the longest shortest path", "相距最远的两个站").
 */
export const farthestPairWords =
  /\blongest\s+(?:possible\s+)?shortest[\s-](?:path|route|distance|chain)\b|\b(?:largest|greatest|biggest|maximum|max|longest|widest)\s+(?:possible\s+)?(?:shortest[\s-]path\s+)?(?:distance|separation|gap|hop count|number of (?:hops|stops|steps))\s+between\s+(?:any\s+)?(?:two|pair)|\b(?:two|pair of|pairs of)\s+(?:[\w-]+\s+){0,2}?(?:(?:are|is|lie|sit)\s+)?(?:the\s+)?(?:most distant|farthest|furthest|most remote|most widely separated)\b|\b(?:most distant|farthest|furthest|most remote)\s+(?:[\w-]+\s+)?(?:pair|two)\b|\b(?:farthest|furthest) apart\b|\bworst[\s-]case\s+(?:number of\s+)?(?:hops|stops|steps|distance)\b|相距最远|距离最远|隔得最远|离得最远|相隔最远|最远的两|最长的最短路径?|最短路径的?最大(?:值|长度)?|任意两\S{0,8}最(?:大|远|多)\S{0,4}(?:几|多少|距离|跳|站|步)/i;

/** "By travel time", "in minutes", "km": the figure is a sum of weights, not a count of hops. */
export const weightMeasureWords =
  /\b(?:travel|journey|trip|ride|driving|transit|walking|commute)\s+(?:times?|distances?)\b|\bby (?:time|distance|cost|length|weight|minutes|km)\b|\b(?:minutes?|mins|hours?|seconds?|km|kilomet(?:er|re)s?|miles?)\b|\bquickest\b|\bfastest\b|\bcheapest\b|\bhow much time\b|\bduration\b|\bweighted\b|时间|分钟|小时|多久|最快|耗时|用时|时长|公里|千米|英里|里程|成本|加权|按权重/i;

/** "How many stops", "counting hops", "几站": the figure is a count of edges. */
export const hopMeasureWords =
  /\b(?:how many|counting|count of|number of|fewest|least|minimum|in|by)\s+(?:[\w-]+\s+)?(?:hops|stops|steps|legs|jumps|levels|layers|tiers|links|edges|transfers|changes|stations)\b|\b(?:hop|stop|step|edge|link)[\s-]?counts?\b|几站|几跳|几步|几层|几级|站数|跳数|步数|层数|按站|按跳/i;
