// Nouns that name one end of a directed link by what it does: the supplier, seller, exporter
// and sender are where links start; the buyer, importer, recipient and destination where they
// end. "Kenya's suppliers", "suppliers of Kenya", "Kenya 的供货方" name the nodes at the other
// end from Kenya (the links arrive at Kenya); "Is Kenya a supplier of …", "Kenya 是…的供货方"
// make Kenya the supplier itself.

/** Where links start: the senders. */
const senderNouns =
  /\b(?:suppliers?|senders?|sellers?|vendors?|exporters?|shippers?|payers?|lenders?|donors?|referrers?|providers?|origins?)\b|供货方|供货商|供应方|卖方|卖家|出口国|出口方|发送方|发件人|付款方|付款人|汇款人|转出方|来源国|来源地|上游/i;

/** Where links end: the receivers. */
const receiverNouns =
  /\b(?:buyers?|purchasers?|importers?|recipients?|receivers?|payees?|borrowers?|consignees?|destinations?)\b|买方|买家|进口国|进口方|接收方|收件人|收款方|收款人|转入方|目的地|目的国|下游/i;

// Between the node and the noun, words that make the node the noun itself: "X is a supplier",
// "X was one of the buyers", "X 是 … 的供货方".
const isTheNoun =
  /^\s*(?:is|was|are|were|acts?\s+as|serves?\s+as)\s+(?:(?:a|an|the|one\s+of\s+the|among\s+the)\s+)?(?:\w+\s+){0,2}?$|^\s*(?:是|为|作为)[^，。？?,]{0,24}?$/i;

/** Whether the question names an end of a directed link by a noun. */
export function namesAgentNoun(question: string): boolean {
  return senderNouns.test(question) || receiverNouns.test(question);
}

/**
 * The direction at the named node the agent noun gives: `in` when the noun names the nodes
 * that send to it ("Kenya's suppliers"), `out` when it names those it sends to ("Kenya's
 * buyers"), turned round when the node is the noun itself ("Is Kenya a supplier of Egypt?");
 * null without such a noun, or with both kinds.
 */
export function agentDirection(question: string, node: string, at: number): "in" | "out" | null {
  // A noun inside the node's own name ("Lakeside Supplier") names no other end.
  const others = `${question.slice(0, at)}${" ".repeat(node.length)}${question.slice(at + node.length)}`;
  const sender = senderNouns.exec(others);
  const receiver = receiverNouns.exec(others);
  if ((sender === null) === (receiver === null)) return null;
  const noun = (sender ?? receiver) as RegExpExecArray;
  const nounSends = sender !== null;
  const between =
    noun.index >= at + node.length ? question.slice(at + node.length, noun.index) : null;
  // "Is Kenya a supplier of …": the verb comes before the node.
  const asked =
    /\b(?:is|was|are|were)\s+$/i.test(question.slice(0, at)) &&
    between !== null &&
    /^\s*(?:(?:a|an|the|one\s+of\s+the|among\s+the)\s+)(?:\w+\s+){0,2}?$/i.test(between);
  const nodeIsNoun = asked || (between !== null && isTheNoun.test(between));
  if (nodeIsNoun) return nounSends ? "out" : "in";
  return nounSends ? "in" : "out";
}
