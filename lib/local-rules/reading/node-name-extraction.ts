// Names are cut out of free text; quoting a name ("Alice Smith") always wins because it is the
// only unambiguous form. Whatever is extracted is only a search query: search_node confirms it
// (TC-2), so a clumsy cut costs a "not found" answer, never a wrong id.

const quotedPattern =
  /"([^"]+)"|“([^”]+)”|「([^」]+)」|『([^』]+)』|`([^`]+)`|(?:^|[\s(,:：，])['‘]([^'’]+)['’](?=$|[\s),.?!:;，。？！])/g;

/** The quoted names of the question, in order. */
export function quotedNames(question: string): string[] {
  const names: string[] = [];
  for (const match of question.matchAll(quotedPattern)) {
    const name = match.slice(1).find((group) => group !== undefined);
    if (name?.trim()) names.push(name.trim());
  }
  return names;
}

// Words that introduce a name without being part of it.
const leadingFiller =
  /^(?:(?:the|a|an|node|nodes|vertex|vertices|customer|customers|user|users|account|accounts|id)\s+)+/i;
const chineseFiller =
  /^(?:请|帮我|帮忙|麻烦|找出|找到|查找|查询|计算|求|给出|告诉我|显示|列出|看看|一下|节点|用户|客户|账户)+/;
const trailingFiller =
  /(?:\s+(?:node|nodes|vertex|in the graph|in this graph|in the network|please))+$|(?:节点|这个节点|之间)+$/i;

/** A cut-out name without fillers, quotes and trailing punctuation; null when nothing is left. */
export function cleanName(raw: string): string | null {
  let name = raw.trim();
  for (let pass = 0; pass < 3; pass++) {
    name = name
      .replace(/^[\s"'“”‘’「」『』`]+|[\s"'“”‘’「」『』`?？!！。,，;；:：]+$/g, "")
      .replace(/\.$/, "")
      .replace(leadingFiller, "")
      .replace(chineseFiller, "")
      .replace(trailingFiller, "")
      .trim();
  }
  // "孟买新港（NSA）", "Port Said (PSD)": the id in brackets is the node's own name.
  const bracketed = /[（(]\s*([A-Z0-9][A-Z0-9_:.-]*|[A-Za-z_]+:[\w.-]+)\s*[)）]$/.exec(name);
  if (bracketed && bracketed.index > 0) return bracketed[1];
  return name.length > 0 && name.length <= 200 ? name : null;
}

// Where an English name ends: punctuation that ends a clause, or a word that starts a new one.
// A dot ends it only at the very end, so names like "Mr. Hi" stay whole.
const nameEnd =
  "(?=$|[?？!！,，;；。]|\\.\\s*$|\\s+(?:in|on|within|using|with|and then|please|via|for|if)\\b)";

const pathPatterns = [
  new RegExp(`\\bbetween\\s+(.+?)\\s+and\\s+(.+?)${nameEnd}`, "i"),
  new RegExp(`\\bfrom\\s+(.+?)\\s+to\\s+(.+?)${nameEnd}`, "i"),
  new RegExp(
    `\\bhow\\s+(?:is|are|does|do)\\s+(.+?)\\s+(?:connected|linked|related|reach|get)\\s+(?:to\\s+)?(.+?)${nameEnd}`,
    "i",
  ),
  /从\s*(.+?)\s*到\s*(.+?)\s*(?:的|之间|$|[？?。，,])/,
  /(?:在\s*)?(.+?)\s*(?:和|与|跟|及)\s*(.+?)\s*(?:之间|间|的最短|最短)/,
  /(.+?)\s*到\s*(.+?)\s*的?\s*(?:最短)?路径/,
];

/** The two endpoints of a path question, or nulls where none could be cut out. */
export function extractPathEndpoints(question: string): {
  source: string | null;
  target: string | null;
} {
  const quoted = quotedNames(question);
  if (quoted.length >= 2) return { source: quoted[0], target: quoted[1] };
  for (const pattern of pathPatterns) {
    const match = pattern.exec(question);
    if (!match) continue;
    const source = cleanName(match[1]);
    const target = cleanName(match[2]);
    if (source && target) return { source, target };
  }
  return { source: null, target: null };
}

const neighbourPatterns = [
  new RegExp(`\\bneighbou?r(?:s|hood)?\\s+(?:of|for|around)\\s+(.+?)${nameEnd}`, "i"),
  new RegExp(`\\b(?:connected|adjacent|linked|next)\\s+to\\s+(.+?)${nameEnd}`, "i"),
  /([^\s"'“”]+)['’]s\s+(?:\w+\s+)?neighbou?r/i,
  /([^\s，。？！、]+?)\s*的\s*(?:[一二两三1-3]\s*(?:度|跳|阶)\s*)?(?:直接)?(?:邻居|相邻|邻接)/,
  /与\s*(.+?)\s*(?:直接)?(?:相邻|相连|连接)/,
];

/** The node whose neighbours are asked for, or null. */
export function extractNeighbourSubject(question: string): string | null {
  const quoted = quotedNames(question);
  if (quoted.length >= 1) return quoted[0];
  for (const pattern of neighbourPatterns) {
    const match = pattern.exec(question);
    if (!match) continue;
    const name = cleanName(match[1]);
    if (name) return name;
  }
  return null;
}

/** The named nodes a removal asks for ("remove nodes n1, n2 and n3", "删除节点 A 和 B"). */
export function extractRemovalNames(question: string): string[] {
  const quoted = quotedNames(question);
  if (quoted.length > 0) return quoted;
  // The list ends where another clause starts ("… and drop isolated nodes").
  const match =
    /\b(?:remove|delete|drop|prune)\s+(?:the\s+)?(?:nodes?|vertex|vertices)\s+(.+?)(?=$|[?？!！;；。]|\.\s*$|\s+from\b|\s+(?:and\s+)?(?:then\s+)?(?:remove|delete|drop|prune|merge)\b)/i.exec(
      question,
    ) ??
    /(?:删除|移除|去掉|删掉)\s*(?:节点)\s*(.+?)(?=$|[？?！!；;。]|\s*(?:并|然后|再)|\s*(?:删除|移除|去掉))/.exec(
      question,
    );
  if (!match) return [];
  return match[1]
    .split(/\s*(?:,|，|、|\band\b|和|与|及)\s*/i)
    .map((part) => cleanName(part))
    .filter((name): name is string => name !== null && !/isolated|孤立/i.test(name));
}
