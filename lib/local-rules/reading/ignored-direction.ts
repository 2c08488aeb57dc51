// "Ignoring the direction of trade", "if we ignore edge direction", "regardless of direction",
// "treating the graph as undirected", "忽略方向", "不考虑边的方向": the question is about the
// links as if undirected. The phrase is a condition on the question, never a node's name ("of
// trade" names the links, not a node), so it is cut out before names are looked for.

const ignoring =
  "(?:\\b(?:if\\s+(?:we|you|one)\\s+)?(?:ignor(?:e|es|ed|ing)|disregard(?:s|ed|ing)?|(?:regardless|irrespective|independent(?:ly)?)\\s+of|without\\s+(?:regard\\s+to|considering|looking\\s+at)|not\\s+(?:counting|considering)|setting\\s+aside|leaving\\s+aside|putting\\s+aside))";
const direction =
  "\\s+(?:the\\s+|their\\s+|its\\s+|any\\s+)?(?:(?:edge|link|arc|arrow)s?(?:'s|’s)?\\s+)?directions?(?:ality)?";
// "of trade", "of the links": what the direction belongs to, up to the clause's end.
const whose =
  "(?:\\s+of\\s+(?:the\\s+)?(?:[^\\s,，.;；?？]+)(?:\\s+(?:links|edges|flows|arrows))?)?";

/** The phrases that set a question undirected, English and Chinese. */
export const ignoredDirectionWords = new RegExp(
  `${ignoring}${direction}${whose}|\\b(?:treat(?:ing|ed)?|view(?:ing|ed)?|regard(?:ing|ed)?|consider(?:ing|ed)?)\\s+(?:the\\s+|this\\s+|it\\s+)?(?:(?:graph|network|links|edges)\\s+)?as\\s+(?:an?\\s+)?undirected(?:\\s+(?:graph|network))?|\\bas\\s+if\\s+(?:the\\s+)?(?:links|edges|it|the\\s+graph)\\s+(?:were|was)\\s+undirected|(?:忽略|忽视|不考虑|不管|不论|无论|不计|不看)(?:边的|连接的|贸易的|\\S{0,4}的)?方向(?:性)?|(?:视为|看作|看成|当作|当成|按)无向(?:图|网络)?`,
  "gi",
);

/** Whether the question sets the links undirected. */
export function ignoresDirection(text: string): boolean {
  return new RegExp(ignoredDirectionWords.source, "i").test(text);
}

/** The question without its phrases of ignoring the direction, for finding node names. */
export function withoutIgnoredDirection(text: string): string {
  return text.replace(ignoredDirectionWords, " ").replace(/^\s*[,，]\s*/, "");
}
