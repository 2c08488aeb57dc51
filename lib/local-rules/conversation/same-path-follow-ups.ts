import { endpointMentions, nodeMentions } from "../reading/node-mentions";
import type { FollowUpReading } from "./ranking-follow-ups";
import type { ResolvedTurn } from "./resolved-turn";

// "How many passages does that route use?", "那条路线经过几个点？" right after a path question:
// "that route" is the path just found, not a node, so the path question is asked again — its
// answer states the hops, the stops and the length of that very path (a path by length may take
// more hops than the fewest-hops one, so the hop count must come from the same path).

const thatPath =
  /\b(?:that|this|the same)\s+(?:route|path|way|journey|trip|itinerary|chain)\b|(?:那|这|该)条(?:路线|路径|线路|路)/i;

export function samePathAgain(question: string, previous: ResolvedTurn): FollowUpReading | null {
  if (previous.analysis?.kind !== "path" || !thatPath.test(question)) return null;
  // "What about that route from A to C?" names new ends: a new path question.
  if (nodeMentions(question).length > 0) return null;
  const ends = endpointMentions(previous.request);
  if (!ends.source || !ends.target) return null;
  return {
    request: previous.request,
    reference: { kind: "previous-pair", nodes: [ends.source, ends.target] },
  };
}
