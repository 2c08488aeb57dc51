import { nodeMentions } from "../reading/node-mentions";
import { detectLanguage } from "../writing/answer-language";
import { setReference } from "./follow-up-words";
import type { ResolvedTurn } from "./resolved-turn";
import { withPropertySuperlative } from "./superlative-properties";
import { askBack, asResolution, type TurnResolution } from "./turn-resolution";

// "Which of them" after a list of patients: "which patient …", so an aggregate knows the table;
// ids without a table ("CHN", "ss12") are of one kind of node: "which node …", "…的节点是哪个".
function withSetNoun(text: string, nodes: string[]): string {
  const prefixes = new Set(nodes.map((node) => /^([A-Za-z_][\w-]*):/.exec(node)?.[1] ?? ""));
  if (prefixes.size !== 1) return text;
  const table = [...prefixes][0];
  if (/[\u4e00-\u9fff]/.test(text)) {
    return table ? text : text.replace(/^(.*?)的是(哪个|哪一个|谁)/, "$1的节点是$2");
  }
  // Tables are named in the plural; "which employee has …" asks for one of them, "which
  // employees are …" for several.
  const plural = /^(?:which|who)\s+(?:are|were|have|do)\b/i.test(text);
  const noun = plural
    ? table || "nodes"
    : table
      ? table
          .replace(/ies$/i, "y")
          .replace(/(ch|sh|ss|x)es$/i, "$1")
          .replace(/([^s])s$/i, "$1")
      : "node";
  return text.replace(
    /^(which|who)\s+(?=(?:is|are|was|were|has|have|had|did|does|do)\b|\w+(?:s|ed)\b)/i,
    (opening) => `${/^who/i.test(opening) ? "Which" : opening.trim()} ${noun} `,
  );
}

/**
 * "其中海拔最低的是哪座？" after "一共有几座山峰？": the set's noun becomes the head of what is asked
 * ("海拔最低的山峰是哪座"), the word order the aggregate grammar reads; otherwise "山峰中…".
 */
function chineseSetRequest(question: string, phrase: string): string {
  const rest = question.replace(setReference, "");
  const headed = /^(.+?)的(?:是|为)(哪|谁)/.exec(rest);
  return headed
    ? rest.replace(headed[0], `${headed[1]}的${phrase}是${headed[2]}`)
    : question.replace(setReference, `${phrase}中`);
}

const comparatives: Record<string, string> = {
  more: "the most",
  less: "the least",
  fewer: "the fewest",
  higher: "the highest",
  lower: "the lowest",
  larger: "the largest",
  bigger: "the biggest",
  smaller: "the smallest",
  older: "the oldest",
  younger: "the youngest",
  longer: "the longest",
  shorter: "the shortest",
};

/**
 * "Which of them received more money?": choosing from a set, a comparative asks for the top of
 * it, as its superlative ("the most money") does; "more than 5" keeps its comparison.
 */
function asSuperlative(question: string): string {
  return question.replace(
    /\b(more|less|fewer|higher|lower|larger|bigger|smaller|older|younger|longer|shorter)\b(?!\s+(?:\w+\s+)?than\b)/i,
    (word) => comparatives[word.toLowerCase()] ?? word,
  );
}

// "Which of its points are cut points?" after "Which nodes are outside the largest component?":
// "its" can only stand for the listed part when the question named no node of its own.
const ofItsMembers = /\b(?:of|among|from)\s+its\s+[a-z]+s\b/i;

function asSetReference(asked: string, previous: ResolvedTurn): string {
  if (!ofItsMembers.test(asked) || previous.setNodes.length === 0) return asked;
  if (nodeMentions(previous.request).length > 0) return asked;
  return asked.replace(ofItsMembers, (text) => text.replace(/\bits\s+[a-z]+s\b/i, "them"));
}

/** "Which of them …", "其中 …", "这几位医生里 …": the previous answer's set. */
export function resolveAgainstSet(said: string, previous: ResolvedTurn): TurnResolution | null {
  const asked = asSetReference(said, previous);
  if (!setReference.test(asked)) return null;
  const question = asSuperlative(asked);
  const chinese = detectLanguage(question) === "zh";
  const remove = (text: string) =>
    withPropertySuperlative(text.replace(setReference, ""))
      .replace(/\s{2,}/g, " ")
      .replace(/\s*[?？.!]+\s*$/, "")
      .trim();
  if (previous.setNodes.length > 0) {
    // The set is the previous answer's list: kept by id, so the ranking runs over it alone.
    const request = chinese
      ? withSetNoun(question.replace(setReference, ""), previous.setNodes)
      : `${withSetNoun(remove(question), previous.setNodes)}?`;
    return asResolution(said, {
      request,
      reference: { kind: "previous-set", phrase: previous.request, nodes: previous.setNodes },
      nodeSet: previous.setNodes,
    });
  }
  if (previous.setPhrase) {
    const phrase = previous.setPhrase;
    const request = chinese
      ? chineseSetRequest(question, phrase)
      : `${remove(question)} among ${phrase}?`;
    return asResolution(said, {
      request,
      reference: { kind: "previous-set", phrase, nodes: [] },
    });
  }
  return askBack(said, "set");
}
