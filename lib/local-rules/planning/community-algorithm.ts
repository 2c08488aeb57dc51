/** A community algorithm community_detection accepts. */
export type CommunityAlgorithm =
  | "louvain"
  | "leiden"
  | "label_propagation"
  | "connected_components";
