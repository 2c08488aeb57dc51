import { findFirstMention } from "./name-mentions";
import type { EntityExpect } from "./question-bank-schema";
import { collectResultNodes, findNameEvidence, type ResultNode } from "./tool-result-evidence";
import { type JudgedAnswer, right, type Verdict, wrong } from "./verdict";

/**
 * The top answer: the lead names the value before any rival and before any other node of the
 * value's type that the run's tool results mention (nodes the question names excepted), and a
 * successful tool result holds it.
 */
export function judgeEntity(input: { expect: EntityExpect; judged: JudgedAnswer }): Verdict {
  const { expect, judged } = input;
  const valueNames = [expect.value, ...expect.aliases];
  const at = findFirstMention({ text: judged.lead, names: valueNames });
  if (at < 0) return wrong(`the lead does not name ${describeNames(valueNames)}`);
  for (const rival of expect.rivals) {
    const rivalNames = [rival, ...(expect.rival_aliases[rival] ?? [])];
    const rivalAt = findFirstMention({ text: judged.lead, names: rivalNames });
    if (rivalAt >= 0 && rivalAt < at) {
      return wrong(`the lead names the rival ${rival} before ${expect.value}`);
    }
  }
  const earlier = findEarlierNode({ judged, valueNames, at });
  if (earlier) {
    return wrong(
      `the lead names ${earlier.id} (another "${earlier.type}" node of the tool results) before ${expect.value}`,
    );
  }
  const evidence = findNameEvidence({ toolCalls: judged.toolCalls, names: valueNames });
  if (!evidence) {
    return wrong(`names ${expect.value} first, but no successful tool result of the run holds it`);
  }
  return right(`names ${expect.value} first; ${evidence}`);
}

/** The first node of the value's type, other than the value, the lead names before it. */
function findEarlierNode(input: {
  judged: JudgedAnswer;
  valueNames: string[];
  at: number;
}): ResultNode | undefined {
  const nodes = collectResultNodes(input.judged.toolCalls);
  const wanted = new Set(input.valueNames.map((name) => name.toLowerCase()));
  const valueNode = nodes.find(
    (node) => wanted.has(node.id.toLowerCase()) || wanted.has(node.label?.toLowerCase() ?? ""),
  );
  if (!valueNode) return undefined;
  const names = nodeNames(nodes);
  return nodes
    .filter((node) => node.type === valueNode.type && node.id !== valueNode.id)
    .filter((node) => {
      const own = (names.get(node.id) ?? []).filter((name) => !wanted.has(name.toLowerCase()));
      if (findFirstMention({ text: input.judged.question, names: own }) >= 0) return false;
      const nodeAt = findFirstMention({ text: input.judged.lead, names: own });
      return nodeAt >= 0 && nodeAt < input.at;
    })
    .sort(
      (left, right) =>
        findFirstMention({ text: input.judged.lead, names: names.get(left.id) ?? [] }) -
        findFirstMention({ text: input.judged.lead, names: names.get(right.id) ?? [] }),
    )[0];
}

/**
 * A node's names: its id, and its label when no other node has the same label (in Cora the
 * label is a paper's class, `c3`, shared by hundreds of papers: not a name).
 */
function nodeNames(nodes: ResultNode[]): Map<string, string[]> {
  const labelCounts = new Map<string, number>();
  for (const node of nodes) {
    const label = node.label?.toLowerCase();
    if (label) labelCounts.set(label, (labelCounts.get(label) ?? 0) + 1);
  }
  return new Map(
    nodes.map((node) => {
      const label = node.label;
      const unique = label && label !== node.id && labelCounts.get(label.toLowerCase()) === 1;
      return [node.id, unique ? [node.id, label] : [node.id]];
    }),
  );
}

/** "customers:26 (or Customer 26)": an id and its aliases, for a reason. */
export function describeNames(names: readonly string[]): string {
  return names.length === 1 ? names[0] : `${names[0]} (or ${names.slice(1).join(", ")})`;
}
