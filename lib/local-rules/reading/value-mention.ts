import type { GraphSchemaView } from "./graph-schema";
import { namedValues } from "./question-scope";

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Whether a name cut out of a question stands for a property value rather than a node: "Japan"
 * in "accounts in Japan" (country = Japan) is a value, but "Ashmoor Central" is a site named
 * after its district Ashmoor — a capitalised word left beside the value makes it a name.
 */
export function mentionIsValue(mention: string, schema: GraphSchemaView): boolean {
  const values = namedValues({ question: mention, schema });
  if (values.length === 0) return false;
  let rest = mention;
  for (const value of values) {
    const text = String(value.condition.value).trim();
    const pattern = new RegExp(`(?<![\\w:])${escapeRegExp(text)}(?:s|es)?(?![\\w:])`, "i");
    // Named by another name (an adjective, a Chinese place name): nothing of a node's name left.
    if (!pattern.test(rest)) return true;
    rest = rest.replace(pattern, " ");
  }
  return !/(?<![\w'])[A-Z][\w'-]*/.test(rest);
}
