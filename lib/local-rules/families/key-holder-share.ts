import { quoteIdentifier, quoteLiteral } from "@/lib/engine/query/sql-quoting";
import { planQuery, queryTableName } from "../planning/plan-query";
import type { PlanContext, PlanOutcome } from "../planning/plan-types";
import { readGraphSchema } from "../reading/graph-schema";
import { namedKeyTypes } from "../reading/link-nouns";
import { inLanguage } from "../writing/answer-language";
import { formatFigure } from "../writing/format-figures";
import { type Declined, defineFamily } from "./define-family";
import type { QuestionText } from "./question-text";

/**
 * "What share of the films are sequels?", "续集占全部电影的比例": the rows that hold a key to
 * their own table the question names by its column (`sequel_of`, `manager_id`), as a share.
 */
export type KeyHolderShareIntent = { kind: "key-holder-share" };

const shareWords =
  /\bpercent(?:age)?\b|%|\bshare\b|\bproportion\b|\bfraction\b|比例|占比|百分之|百分比|占/i;

function readKeyHolderShare({ text, nodeMentions }: QuestionText): KeyHolderShareIntent[] | null {
  if (nodeMentions.length > 0 || !shareWords.test(text)) return null;
  return [{ kind: "key-holder-share" }];
}

// "续集" names `sequel_of`: Chinese words for the roles such keys record.
const chineseKeyWords: Record<string, string> = {
  续集: "sequel",
  前传: "prequel",
  翻拍: "remake",
  经理: "manager",
  上级: "manager",
  主管: "supervisor",
  导师: "mentor",
};

function keyTypesNamed(question: string, context: Parameters<typeof readGraphSchema>[0]) {
  const schemaStep = readGraphSchema(context);
  if (schemaStep.kind !== "ready") return { schemaStep, types: [] as string[] };
  const english = Object.entries(chineseKeyWords)
    .filter(([word]) => question.includes(word))
    .map(([, stem]) => stem)
    .join(" ");
  const types = namedKeyTypes(`${question} ${english}`, schemaStep.schema);
  return { schemaStep, types };
}

/**
 * One query: how many rows of the key's table hold it (its edges' distinct sources), over all
 * of that table's rows. Declined unless exactly one key is named.
 */
function planKeyHolderShare(
  context: PlanContext,
  _intent: KeyHolderShareIntent,
): PlanOutcome | Declined {
  const { schemaStep, types } = keyTypesNamed(context.reading.question, context);
  if (schemaStep.kind !== "ready") return schemaStep.outcome;
  if (types.length !== 1) return { kind: "declined" };
  const { schema } = schemaStep;
  const [keyType] = types;
  // Only a key from a table to itself is a role some rows hold and others lack (a sequel, a
  // manager); "the share of films per studio" is the value share's question.
  const key = schema.edge_types.find((type) => type.name === keyType);
  const holder = key?.from.length === 1 && key.to.length === 1 ? key.from[0] : undefined;
  if (!holder || key?.to[0] !== holder) return { kind: "declined" };
  const edges = quoteIdentifier(queryTableName(schema, "edges"));
  const nodes = quoteIdentifier(queryTableName(schema, "nodes"));
  const holding = `(SELECT count(DISTINCT e.source) FROM ${edges} e WHERE e.type = ${quoteLiteral(keyType)})`;
  const total = `(SELECT count(*) FROM ${nodes} n WHERE n.type = ${quoteLiteral(holder)})`;
  // The share is computed in the query, so the figure the answer states is one the tool returned.
  const sql = `SELECT ${holding} AS holding, ${total} AS total, ${holding} * 1.0 / NULLIF(${total}, 0) AS share, ${holding} * 100.0 / NULLIF(${total}, 0) AS percent`;
  const column = keyType.slice(keyType.indexOf(".") + 1);
  return planQuery({
    context,
    sql,
    limit: 10,
    write: (data, part) => {
      const holding = Number(data.rows[0]?.[0] ?? 0);
      const total = Number(data.rows[0]?.[1] ?? 0);
      const share = Number(data.rows[0]?.[2] ?? 0);
      part.summary.push(
        inLanguage(context, {
          en: `${formatFigure(Number(data.rows[0]?.[3] ?? 0))} % of the ${holder} have a ${column} (${holding} of ${total}, a share of ${formatFigure(share)}).`,
          zh: `有 ${column} 的 ${holder} 占全部 ${holder} 的 ${formatFigure(Number(data.rows[0]?.[3] ?? 0))}%（${total} 个中有 ${holding} 个，比例 ${formatFigure(share)}）。`,
        }),
      );
    },
  });
}

export const keyHolderShareFamily = defineFamily<KeyHolderShareIntent>({
  kind: "key-holder-share",
  read: readKeyHolderShare,
  plan: planKeyHolderShare,
  title: { en: "Share of rows holding a key", zh: "持有某外键的行所占比例" },
});
