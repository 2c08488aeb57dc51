import type { CentralityMeasure } from "../planning/centrality-measure";

/** What a follow-up's words were resolved to (shown in the reasoning, kept in the logical form). */
export type ConversationReference =
  | { kind: "previous-node"; node: string }
  | { kind: "previous-pair"; nodes: [string, string] }
  | { kind: "previous-set"; phrase: string; nodes: string[] }
  | { kind: "previous-value"; property: string; value: string }
  | { kind: "another-measure"; measure: CentralityMeasure }
  | { kind: "another-node"; node: string }
  | { kind: "position"; position: number; node: string }
  | { kind: "value-of"; node: string }
  | { kind: "without-nodes"; nodes: string[] }
  | { kind: "reversed"; nodes: [string, string] }
  | { kind: "another-weighting"; weighted: boolean }
  | { kind: "opposite-order" }
  | { kind: "another-quantity"; quantity: string }
  | { kind: "part-by-size"; size: "smallest" | "largest" }
  | { kind: "more" };
