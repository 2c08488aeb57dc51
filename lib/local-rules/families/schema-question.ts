import { planSchemaQuestion } from "../planning/plan-schema-question";
import { rankingDirection } from "../reading/link-direction";
import { parseRequestedCount } from "../reading/question-numbers";
import { questionWords } from "../reading/question-words";
import { defineFamily } from "./define-family";

/** Read against the schema: a count, a ranking of one type by another, or an aggregate. */
export type SchemaQuestionIntent = {
  kind: "schema-question";
  topK: number;
  mode: "all" | "in" | "out";
  ascending: boolean;
};

/**
 * What is left after every other family, read against the schema: a count of nodes, edges or
 * a type; a ranking of one type by its links to another ("which product appears in the most
 * orders"); or an aggregate over properties ("which city has the most customers").
 */
export const schemaQuestionFamily = defineFamily<SchemaQuestionIntent>({
  kind: "schema-question",
  read: ({ text }) => {
    const counts =
      questionWords.count.test(text) ||
      questionWords.rank.test(text) ||
      questionWords.aggregate.test(text);
    if (!counts) return null;
    return [
      {
        kind: "schema-question",
        topK: parseRequestedCount({ question: text, fallback: 10, max: 1000 }),
        mode: rankingDirection(text, { towardNodes: true }),
        ascending: questionWords.ascending.test(text),
      },
    ];
  },
  plan: (context, intent) => planSchemaQuestion({ context, ...intent }),
  title: { en: "Answer from the graph's data", zh: "基于图数据的回答" },
});
