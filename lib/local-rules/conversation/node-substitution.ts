import { nodeReference } from "./follow-up-words";

const emphaticReflexive =
  /(?<!\b(?:to|with|from|on|at|into|onto|by|of|for|about|against|towards?)\s*)\s+(?:itself|himself|herself)(?=\s*[?？.!]*\s*$)/i;

/** The question with its pronoun ("it", "its", "它", "这个部门") replaced by the node's name. */
export function substituteNode(question: string, node: string): string {
  return (
    question
      .replace(/\b(?:its|his|her)\b/i, `${node}'s`)
      // "这位医生的导师" → "doctors:9 的导师": the noun goes with its demonstrative — a role
      // ("那位导师") read beside the name would be taken for a link of that role.
      .replace(nodeReference, (text) => (/[\u4e00-\u9fff]/.test(text) ? ` ${node} ` : node))
      // "How many works does that museum own itself?": an emphatic "itself" at the end, after
      // a verb rather than "to" or "with", stresses the node; it asks for no self-loop.
      .replace(emphaticReflexive, "")
      .replace(/\s{2,}/g, " ")
      .trim()
  );
}
