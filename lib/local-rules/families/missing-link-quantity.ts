import { chinesePropertyWords } from "../aggregate/property-words";
import { propertyForQuantity } from "../aggregate/quantity-property-names";
import type { PlanContext, PlanOutcome } from "../planning/plan-types";
import type { GraphSchemaView } from "../reading/graph-schema";
import { emptyPart } from "../writing/answer-document";
import { inLanguage } from "../writing/answer-language";
import type { Declined } from "./define-family";
import { wordForms } from "./node-conditions";

// Whether the question names a node property ("工资总额" names salary): looser than
// link-property-names' reading, which also skips a grouping position ("which year"), because a
// node property named anywhere hands the question on to the aggregate grammar.
function namesNodeProperty(question: string, name: string): boolean {
  const chinese = Object.entries(chinesePropertyWords)
    .filter(([, names]) => names.includes(name.toLowerCase()))
    .map(([word]) => word);
  return (
    new RegExp(`\\b${wordForms(name)}\\b`, "i").test(question) ||
    chinese.some((word) => question.includes(word))
  );
}

/**
 * No link property is the number asked for. The weights (strength) or a node property (an
 * aggregate) may still answer, so the question is handed on; with neither, a ranking by link
 * count would answer another question, so the answer says what is missing instead.
 */
export function missingQuantity(
  context: PlanContext,
  schema: GraphSchemaView,
  /** The property names the quantity word may stand for, most likely first. */
  quantity: string[],
): PlanOutcome | Declined {
  const question = context.reading.question;
  // "工资总额": a node property the question names by its own word is an aggregate's.
  const nodeHasIt = schema.node_types.some((type) =>
    type.properties.some(
      (property) =>
        property.kind === "number" &&
        (quantity.includes(property.name.toLowerCase()) ||
          namesNodeProperty(question, property.name)),
    ),
  );
  // "containers", "总爬升": a property named by its own name that no link carries.
  if (quantity.length === 0) return { kind: "declined" };
  const linkHasIt = schema.edge_types.some(
    (type) =>
      propertyForQuantity(
        type.properties.filter((property) => property.kind === "number"),
        quantity,
      ) !== undefined,
  );
  // The weights (strength), a node property or a link table the aggregate grammar reads.
  if (context.graph.description.weighted === true || nodeHasIt || linkHasIt) {
    return { kind: "declined" };
  }
  const numeric = [
    ...new Set(
      schema.edge_types.flatMap((type) =>
        type.properties
          .filter((property) => property.kind === "number")
          .map((property) => property.name),
      ),
    ),
  ];
  const part = emptyPart({ succeeded: false });
  const carried = numeric.length > 0 ? numeric.join(", ") : "none";
  part.summary.push(
    inLanguage(context, {
      en: `I can't sum that: the graph's links carry no ${quantity[0]} (no link property is named ${quantity.join(" / ")}; numeric link properties: ${carried}) and the graph has no weights, so counting links instead would answer another question.`,
      zh: `无法加总：图中的边没有 ${quantity[0]} 属性（没有名为 ${quantity.join(" / ")} 的边属性；数值型边属性：${carried}），图也没有权重，改数边数会回答另一个问题。`,
    }),
  );
  return { kind: "done", part };
}
