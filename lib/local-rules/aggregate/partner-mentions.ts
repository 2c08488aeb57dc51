import { findPattern } from "./find-phrase";
import type { Mention, TypeMention } from "./mention";
import type { QueryCatalogue } from "./query-catalogue";

// "co-investigators", "co-performers": the people on the other side of a link row.
const partnerNoun = /\bco-[a-z]+\b/gi;

/**
 * "Which co-investigator has been allocated the most budget across all grants?": where the
 * question measures a figure of a link table and names the table at one end, a "co-" noun
 * names the table at the other end. Without one end named, which end is meant is a guess.
 */
export function withPartnerMentions(input: {
  question: string;
  catalogue: QueryCatalogue;
  mentions: Mention[];
}): Mention[] {
  const { question, catalogue, mentions } = input;
  const links = new Set(
    mentions.flatMap((mention) =>
      mention.kind === "property"
        ? mention.candidates.filter((ref) => ref.table.kind === "edge").map((ref) => ref.table)
        : [],
    ),
  );
  if (links.size !== 1) return mentions;
  const [link] = links;
  const named = new Set(
    mentions.flatMap((mention) => (mention.kind === "type" ? [mention.table.key] : [])),
  );
  const ends = [link.sourceKey, link.targetKey].filter((key): key is string => key !== null);
  const far = ends.filter((key) => !named.has(key));
  if (ends.length !== 2 || far.length !== 1) return mentions;
  const table = catalogue.byKey.get(far[0]);
  if (!table) return mentions;
  const added: TypeMention[] = findPattern(question, partnerNoun)
    .filter((span) => !mentions.some((other) => span.start < other.end && other.start < span.end))
    .map((span) => ({
      kind: "type",
      start: span.start,
      end: span.end,
      surface: question.slice(span.start, span.end),
      table,
      strength: "generic",
    }));
  return [...mentions, ...added].sort((a, b) => a.start - b.start);
}
