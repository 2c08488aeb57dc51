import { z } from "zod";

/** Arguments of get_graph_info: none. */
export const getGraphInfoInputSchema = z.object({}).strict();
