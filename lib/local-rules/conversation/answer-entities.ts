import { nodeMentions } from "../reading/node-mentions";

/** What an earlier answer named: its nodes, its table's nodes and the property values it read. */
export type AnswerEntities = {
  /** Node names in the lead (the first paragraph), in the order it names them. */
  lead: string[];
  /** The first table's node column, row by row (a ranking's order), or empty. */
  rows: string[];
  /** "a16 has country Spain." → country: Spain: values a follow-up calls "that country". */
  values: Map<string, string>;
  /** The label the lead wrote before each bracketed id ("Henrik Varga" for employees:23). */
  labels: Map<string, string>;
  /**
   * Whether the lead's nodes are ids the engine knows, not capitalised words read as names: a
   * count's "region 为 Africa 的节点共有 6 个" names no node, so it lists no set.
   */
  byId: boolean;
  /** The figures the lead states, in order ("The graph has 2 components." → 2). */
  figures: number[];
};

const headingLine = /^\s{0,3}#{1,6}(?:\s|$)|^\s*\*\*[^*\n]+\*\*\s*[:：]?\s*$/;
const footerLine = /^\s*_(?:Sources|依据)\s*[:：]/;
// Answers that name nothing the next question could point at: a refusal, a question back, a
// name nobody matched. Their words ("local-rules", "search_node") are not nodes.
const emptyLead =
  /I can't plan|I can't do this|无法离线规划|Which nodes? do you mean|What would you like to know|您指的是|您想了解|No node matches|没有与.{0,40}匹配的节点/i;

/** The first paragraph after headings: where the answer's own first sentence stands. */
function leadOf(answer: string): string {
  const lead: string[] = [];
  for (const line of answer.split(/\r?\n/)) {
    const blank = line.trim() === "" || headingLine.test(line) || footerLine.test(line);
    if (/^\s*\|/.test(line)) break;
    if (blank) {
      if (lead.length > 0) break;
      continue;
    }
    lead.push(line.trim());
  }
  return lead.join(" ");
}

function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, "")
    .split("|")
    .map((cell) => cell.trim());
}

// "Customer 34 (customers:34)", "Chapel End (st16)": the id in brackets is the name the engine
// knows; the label before it may be shared.
const labelledId = /[(（]([^()（）\s，,]+)[)）]/g;
const idToken = /(?<![\w:])(?:[A-Za-z_][\w-]*:[\w.-]*\w|[A-Za-z]{1,3}\d+(?:[-_]\w+)?)(?![\w:])/g;

function nodeCell(cell: string): string {
  const bracketed = /\(([^()\s]+)\)\s*$/.exec(cell);
  return (bracketed ? bracketed[1] : cell).replace(/[`*]/g, "").trim();
}

// The column a table names its nodes in: a ranking's "Node", an aggregate's "node" or "id".
const nodeColumns = new Set(["node", "节点", "id", "node_id", "节点编号"]);

/** The node column of the answer's first table with one ("Node" / "节点" / "id"), in row order. */
function tableRows(answer: string): string[] {
  const lines = answer.split(/\r?\n/);
  for (let index = 0; index + 2 < lines.length; index++) {
    if (!/^\s*\|/.test(lines[index]) || !/^\s*\|[\s:|-]+\|\s*$/.test(lines[index + 1])) continue;
    const header = cells(lines[index]).map((cell) => cell.toLowerCase());
    const column = header.findIndex((cell) => nodeColumns.has(cell));
    if (column < 0) continue;
    const rows: string[] = [];
    for (let row = index + 2; row < lines.length && /^\s*\|/.test(lines[row]); row++) {
      const value = nodeCell(cells(lines[row])[column] ?? "");
      if (value) rows.push(value);
    }
    return rows;
  }
  return [];
}

// "4 nodes are outside the largest component: FJI, WSM, VUT, PLW.": a list after a colon whose
// items are single tokens names nodes by id, even ids without digits.
function colonList(lead: string): string[] {
  const sentence = lead.split(/(?<=[.。])\s/)[0] ?? lead;
  const colon = Math.max(sentence.lastIndexOf(":"), sentence.lastIndexOf("："));
  if (colon < 0) return [];
  const items = sentence
    .slice(colon + 1)
    .replace(/[.。]\s*$/, "")
    .split(/\s*(?:,|、|，|\band\b|和)\s*/)
    .map((item) => item.trim())
    .filter((item) => item !== "");
  return items.length >= 2 &&
    items.every((item) => /^[\w.-]+(?::[\w.-]+)?$/.test(item) && /[A-Za-z]/.test(item))
    ? items
    : [];
}

/** The lead's nodes: ids (bracketed after a label, or bare), else capitalised names. */
function leadNodes(lead: string): string[] {
  const found: { name: string; at: number }[] = [];
  for (const match of lead.matchAll(labelledId)) {
    if (/^[\d.,%]+$/.test(match[1]) || !/[A-Za-z]/.test(match[1])) continue;
    found.push({ name: match[1], at: match.index ?? 0 });
  }
  const withoutBrackets = lead.replace(labelledId, (text) => " ".repeat(text.length));
  for (const match of withoutBrackets.matchAll(idToken)) {
    found.push({ name: match[0], at: match.index ?? 0 });
  }
  if (found.length === 0) {
    const listed = colonList(lead);
    return listed.length > 0 ? listed : nodeMentions(lead);
  }
  return [...new Set(found.sort((a, b) => a.at - b.at).map((entry) => entry.name))];
}

/** The text just before each bracketed id: the node's label as the answer wrote it. */
function leadLabels(lead: string): Map<string, string> {
  const labels = new Map<string, string>();
  for (const match of lead.matchAll(/([^,;:，：；。()（）]+?)\s*[(（]([^()（）\s，,]+)[)）]/g)) {
    const label =
      match[1]
        .trim()
        .split(/\s+(?:and|or|with|to|by|from)\s+/i)
        .at(-1)
        ?.trim() ?? "";
    if (label) labels.set(match[2], label);
  }
  return labels;
}

/** "X has country Spain.", "X 的 country 为 Spain。": the property values the lead states. */
function leadValues(lead: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const match of lead.matchAll(
    /\bhas\s+([\w-]+)\s+([^.;。]+?)\s*\.(?:\s|$)|的\s*([\w-]+)\s*(?:为|是)\s*([^。；;]+?)\s*。/g,
  )) {
    const property = (match[1] ?? match[3] ?? "").toLowerCase();
    const value = (match[2] ?? match[4] ?? "").trim();
    if (property && value && !/^\d+$/.test(property)) values.set(property, value);
  }
  return values;
}

/**
 * The nodes an earlier answer named, read back from the text the model wrote: what "it", "them",
 * "the second one" and "which of them" point at in the next question. The answer writes node
 * names as the engine knows them (ids, or labels with the id in brackets), so they resolve with
 * search_node again when the follow-up is planned.
 */
export function readAnswerEntities(answer: string): AnswerEntities {
  const lead = leadOf(answer);
  if (emptyLead.test(lead)) {
    return { lead: [], rows: [], values: new Map(), labels: new Map(), byId: false, figures: [] };
  }
  const withoutBrackets = lead.replace(labelledId, " ");
  const byId =
    [...lead.matchAll(labelledId)].some((match) => /[A-Za-z]/.test(match[1])) ||
    new RegExp(idToken.source).test(withoutBrackets) ||
    colonList(lead).length > 0;
  const figures = [...withoutBrackets.matchAll(/(?<![\w:.])\d+(?:\.\d+)?(?![\w:])/g)].map((match) =>
    Number(match[0]),
  );
  return {
    lead: leadNodes(lead),
    byId,
    figures,
    rows: tableRows(answer),
    values: leadValues(lead),
    labels: leadLabels(lead),
  };
}
