import { searchNodeInputSchema } from "./search-node-input";

/** Arguments of search_edge: the same query, type filter and limit as search_node. */
export const searchEdgeInputSchema = searchNodeInputSchema;
