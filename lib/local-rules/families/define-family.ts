import type { PlanContext, PlanOutcome } from "../planning/plan-types";
import type { QuestionText } from "./question-text";

/** A family that read a question hands it on once the schema shows it is not its own. */
export type Declined = { kind: "declined" };

/** An answer's title: a fixed one, or one that names what the intent asks ("Top nodes by PageRank"). */
export type FamilyTitle<Intent> = string | ((intent: Intent) => string);

/**
 * One question family: the analysis kind it plans, how a question reads as it, how it is
 * planned on the verified graph, and the title of its answer in English and Chinese. `Reading`
 * is what `read` may return: the family's own intent, or (where one branch of the grammar
 * answers with a neighbouring kind) that kind too.
 */
export type Family<Intent extends { kind: string }, Reading extends { kind: string } = Intent> = {
  kind: Intent["kind"];
  /** The analyses the question asks for when it reads as this family; null lets the next family try. */
  read: (question: QuestionText) => Reading[] | null;
  /**
   * The analysis's next step on the verified graph, or `declined` when the graph shows the
   * question is not this family's after all (the families after it then read it).
   */
  plan: (context: PlanContext, intent: Intent) => PlanOutcome | Declined;
  title: { en: FamilyTitle<Intent>; zh: FamilyTitle<Intent> };
};

/** Declares one question family (listed, in its order of precedence, in families/index.ts). */
export function defineFamily<
  Intent extends { kind: string },
  Reading extends { kind: string } = Intent,
>(family: Family<Intent, Reading>): Family<Intent, Reading> {
  return family;
}
