// Chinese words for the node types relational uploads usually produce (tables are named in
// English), so "关键客户" can narrow to the `customer` type like "key customers" does.
const chineseTypeWords: Record<string, string> = {
  客户: "customer",
  顾客: "customer",
  用户: "user",
  订单: "order",
  产品: "product",
  商品: "product",
  账户: "account",
  商家: "merchant",
  供应商: "supplier",
  员工: "employee",
};

function singular(word: string): string {
  return word.replace(/(?:es|s)$/i, "");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The node type the question names ("key customers" → `customer`), when the graph has several
 * types and exactly this one is named; null otherwise.
 */
export function matchNodeType(input: {
  question: string;
  nodeTypes: Record<string, number> | undefined;
}): string | null {
  const types = Object.keys(input.nodeTypes ?? {});
  if (types.length < 2) return null;
  const question = input.question.toLowerCase();
  const chineseNamed = Object.entries(chineseTypeWords)
    .filter(([word]) => question.includes(word))
    .map(([, english]) => english);
  for (const type of types) {
    const base = singular(type.toLowerCase());
    // Generic type names would match every question that says "nodes".
    if (base.length < 2 || ["node", "vertex", "default", "entity"].includes(base)) continue;
    const word = new RegExp(`\\b${escapeRegExp(base)}(?:s|es)?\\b`, "i");
    if (word.test(question) || chineseNamed.includes(base)) return type;
  }
  return null;
}
