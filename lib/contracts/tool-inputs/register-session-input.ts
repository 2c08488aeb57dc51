import { z } from "zod";

/** Arguments of register_session: none. */
export const registerSessionInputSchema = z.object({}).strict();
