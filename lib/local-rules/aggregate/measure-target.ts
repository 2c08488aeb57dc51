import type { Mention, PropertyMention, PropertyRef, TypeMention } from "./mention";

/**
 * The table that qualifies a property mention: "order total", "total of the orders",
 * "订单的金额", "订单总金额" — a table named right before the property (or after it with
 * "of"), when that table has one of the property's columns.
 */
export function qualifierOf(input: {
  question: string;
  mentions: Mention[];
  property: PropertyMention;
}): TypeMention | null {
  const { question, mentions, property } = input;
  const index = mentions.indexOf(property);
  const owns = (mention: Mention | undefined): mention is TypeMention =>
    mention?.kind === "type" && property.candidates.some((ref) => ref.table === mention.table);
  const before = mentions[index - 1];
  if (
    owns(before) &&
    /^\s*(?:['’]s\s+)?(?:的)?\s*(?:总)?\s*$/.test(question.slice(before.end, property.start))
  ) {
    return before;
  }
  const after = mentions[index + 1];
  if (
    owns(after) &&
    /^\s+(?:of|for|per|across)\s+(?:(?:the|all|all the|each)\s+)?$/i.test(
      question.slice(property.end, after.start),
    )
  ) {
    return after;
  }
  return null;
}

/** The columns a numeric property mention may be, narrowed by the table that qualifies it. */
export function numericCandidates(input: {
  question: string;
  mentions: Mention[];
  property: PropertyMention;
}): { refs: PropertyRef[]; qualifier: TypeMention | null } {
  const numeric = input.property.candidates.filter((ref) => ref.column.kind === "number");
  const qualifier = qualifierOf(input);
  if (!qualifier) return { refs: numeric, qualifier: null };
  const owned = numeric.filter((ref) => ref.table === qualifier.table);
  return owned.length > 0 ? { refs: owned, qualifier } : { refs: numeric, qualifier: null };
}
