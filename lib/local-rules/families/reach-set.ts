import { planReachSet } from "../planning/plan-reach-set";
import { defineFamily } from "./define-family";
import type { PathIntent } from "./path";
import { reachSetAsked, separationAsked } from "./walk-words";

/** "How many accounts can a03 reach?": how many nodes a walk from one named node gets to. */
export type ReachSetIntent = {
  kind: "reach-set";
  node: string | null;
  /** "from": the nodes the named one reaches; "to": the nodes that reach it. */
  direction: "from" | "to";
};

/**
 * How far a walk from a named node goes: how many nodes it reaches, or how far it is to another
 * named node ("the quickest travel time from A to B", "从 A 到 B 最少几站", "How many levels
 * separate A from B?"), which is a shortest path (path.ts plans it). Tried before the degree and
 * node questions, which would otherwise read "how many … from A" as A's edges.
 */
export const reachSetFamily = defineFamily<ReachSetIntent, ReachSetIntent | PathIntent>({
  kind: "reach-set",
  read: (question) => {
    const reach = reachSetAsked(question);
    if (reach) return [{ kind: "reach-set", ...reach }];
    const ends = separationAsked(question);
    if (ends) return [{ kind: "path", ...ends }];
    return null;
  },
  plan: (context, intent) =>
    planReachSet({ context, node: intent.node, direction: intent.direction }),
  title: { en: "Reachable nodes", zh: "可达节点" },
});
