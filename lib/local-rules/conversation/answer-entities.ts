import { nodeMentions } from "../node-mentions";

/** What an earlier answer named: the nodes of its lead, and the ordered nodes of its table. */
export type AnswerEntities = {
  /** Node names in the lead (the first paragraph), in the order it names them. */
  lead: string[];
  /** The first table's node column, row by row (a ranking's order), or empty. */
  rows: string[];
};

const headingLine = /^\s{0,3}#{1,6}(?:\s|$)|^\s*\*\*[^*\n]+\*\*\s*[:：]?\s*$/;
const footerLine = /^\s*_(?:Sources|依据)\s*[:：]/;

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

// "Customer 34 (customers:34)": the id in brackets is the node's name the engine knows.
function nodeCell(cell: string): string {
  const bracketed = /\(([^()\s]+:[^()\s]+)\)\s*$/.exec(cell);
  return (bracketed ? bracketed[1] : cell).replace(/[`*]/g, "").trim();
}

/** The node column of the answer's first table with one ("Node" / "节点"), in row order. */
function tableRows(answer: string): string[] {
  const lines = answer.split(/\r?\n/);
  for (let index = 0; index + 2 < lines.length; index++) {
    if (!/^\s*\|/.test(lines[index]) || !/^\s*\|[\s:|-]+\|\s*$/.test(lines[index + 1])) continue;
    const header = cells(lines[index]).map((cell) => cell.toLowerCase());
    const column = header.findIndex((cell) => cell === "node" || cell === "节点");
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

/**
 * The nodes an earlier answer named, read back from the text the model wrote: what "it", "them",
 * "the second one" and "which of them" point at in the next question. The answer writes node
 * names as the engine knows them (ids, or labels with the id in brackets), so they resolve with
 * search_node again when the follow-up is planned.
 */
export function readAnswerEntities(answer: string): AnswerEntities {
  const lead = leadOf(answer);
  return { lead: nodeMentions(lead), rows: tableRows(answer) };
}
