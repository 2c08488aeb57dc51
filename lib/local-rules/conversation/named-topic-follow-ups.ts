import { nodeMentions } from "../reading/node-mentions";
import { nodeReference } from "./follow-up-words";
import { substituteNode } from "./node-substitution";
import type { FollowUpReading } from "./ranking-follow-ups";

// "What about Padma Krishi Bank - how many banks send to it?", "那 Kingsbridge 呢，它有几条线路？":
// the follow-up names its node first and then asks a whole question of it; "it" is that node,
// not the previous answer's, and the question is its own, not the previous one again.
const englishTopic =
  /^\s*(?:and\s+)?(?:what|how)\s+about\s+(.+?)\s*(?:\s[-\u2013\u2014]|[:;,?？])\s*(.+)$/i;
const chineseTopic = /^\s*(?:那么?|那)?\s*(.+?)\s*呢\s*[，,：:？?]\s*(.+)$/;

/** The question asked of the node the follow-up named first, or null when it is not so built. */
export function namedTopic(question: string): FollowUpReading | null {
  const match = englishTopic.exec(question) ?? chineseTopic.exec(question);
  if (!match) return null;
  const [, topic, rest] = match;
  const named = nodeMentions(topic);
  if (named.length !== 1 || nodeMentions(rest).length > 0 || !nodeReference.test(rest)) {
    return null;
  }
  const request = substituteNode(rest, named[0]);
  return {
    request: request.charAt(0).toUpperCase() + request.slice(1),
    reference: { kind: "another-node", node: named[0] },
  };
}
