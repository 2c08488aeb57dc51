/** A centrality measure node_centrality accepts. */
export type CentralityMeasure =
  | "degree"
  | "pagerank"
  | "betweenness"
  | "closeness"
  | "eigenvector"
  | "harmonic"
  | "katz"
  | "hits_hub"
  | "hits_authority";
