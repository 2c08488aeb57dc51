import { nodeMentions } from "./node-mentions";

// "Apart from Atlas, which project …", "除了 Engineering，哪个部门 …": an exclusion clause names
// nodes the answer must leave out. It is set aside before the families read the question (so
// Atlas is not read as a filter), and rankings and aggregates skip the names it holds.

// "Leaving Shanghai and Singapore aside", "setting aside X", "ignoring X", "不算 X", "撇开 X 不谈"
// say the same as "apart from".
const exclusion =
  /\b(?:except(?: for)?|apart from|aside from|other than|besides|excluding|not counting|not including|leaving out|ignoring|setting aside|putting aside|leaving aside|disregarding)\s+([^,.;?？]+?)(?=\s*[,.;?？]|\s+(?:which|who|what|how)\b|$)|\b(?:leaving|setting|putting)\s+([^,.;?？]+?)\s+(?:aside|to one side)\b|(?:除了?|不算|不计|撇开|抛开|排除(?:掉)?)\s*([^，,。？、]+?)\s*(?:以外|之外|外|不谈|不算|不计)?\s*[，,]/gi;

/** The nodes a question leaves out ("apart from n0", "除了 a07 以外"). */
export function excludedNodes(question: string): string[] {
  const excluded: string[] = [];
  for (const match of question.matchAll(exclusion)) {
    const phrase = match[1] ?? match[2] ?? match[3] ?? "";
    const named = nodeMentions(phrase);
    excluded.push(...named);
  }
  return [...new Set(excluded)];
}

/**
 * What each exclusion clause leaves out, as written ("the core exchanges" in "Leaving out the
 * core exchanges, …"): a kind of node or a value may be left out as well as a named node.
 */
export function excludedPhrases(question: string): string[] {
  return [...question.matchAll(exclusion)]
    .map((match) => (match[1] ?? match[2] ?? match[3] ?? "").trim())
    .filter((phrase) => phrase !== "");
}

/**
 * The question without its exclusion clause, when the clause names nodes: "Apart from Atlas,
 * which project …" is read as "which project …" (Atlas is left out of the answer, not used as a
 * filter), and the excluded names travel beside it.
 */
export function withoutExclusion(question: string): { text: string; excluded: string[] } {
  const excluded = excludedNodes(question);
  if (excluded.length === 0) return { text: question, excluded };
  const text = question
    .replace(exclusion, (clause) => (nodeMentions(clause).length > 0 ? " " : clause))
    .replace(/^\s*[,，]\s*/, "")
    .replace(/\s*,\s*,\s*/g, " ")
    .replace(/\s+([?？.!,])/g, "$1")
    .replace(/\s{2,}/g, " ")
    .trim();
  const capitalised = text.charAt(0).toUpperCase() + text.slice(1);
  return { text: capitalised, excluded };
}

/** Whether a result row names one of the excluded nodes (by id or by label). */
export function isExcluded(excluded: readonly string[], ...names: unknown[]): boolean {
  if (excluded.length === 0) return false;
  const wanted = new Set(excluded.map((name) => name.toLowerCase()));
  return names.some((name) => typeof name === "string" && wanted.has(name.toLowerCase()));
}
