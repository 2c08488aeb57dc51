import { z } from "zod";

/** Path ids are opaque strings; anything odd is simply not found by the owner-filtered lookup. */
export const idParamSchema = z.string().min(1).max(100);
