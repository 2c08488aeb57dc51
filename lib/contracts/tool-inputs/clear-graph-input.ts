import { z } from "zod";

/** Arguments of clear_graph: none. */
export const clearGraphInputSchema = z.object({}).strict();
