import type { ConversationReference } from "./conversation-reference";
import type { FollowUpReading } from "./ranking-follow-ups";

/** How one question reads once the conversation before it is taken into account. */
export type TurnResolution =
  | { kind: "standalone"; request: string }
  | {
      kind: "resolved";
      request: string;
      reference: ConversationReference;
      asked: string;
      /** The ids of an earlier answer's list that the question ranks or filters ("which of them"). */
      nodeSet?: string[];
    }
  | { kind: "ask-back"; missing: Missing; asked: string };

/** What an unresolvable reference lacks, said back to the user. */
export type Missing = "node" | "pair" | "set" | "question";

export function asResolution(question: string, reading: FollowUpReading): TurnResolution {
  return { kind: "resolved", asked: question, ...reading };
}

export function askBack(question: string, missing: Missing): TurnResolution {
  return { kind: "ask-back", missing, asked: question };
}
