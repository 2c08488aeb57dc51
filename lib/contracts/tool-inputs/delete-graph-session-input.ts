import { z } from "zod";

/** Arguments of delete_graph_session: none. */
export const deleteGraphSessionInputSchema = z.object({}).strict();
