import { z } from "zod";

// Client-safe: the engine declares these entries in each tool's `_meta` and the runtime's
// scheduler parses them at discovery, so both sides read the same shape.

/** The `_meta` catalogue entry of a tool (docs/api.md): its resources drive the runtime's DAG. */
export const toolCatalogueEntrySchema = z.object({
  resources: z.object({ reads: z.array(z.string()), writes: z.array(z.string()) }),
  // A flag an engine leaves out is read as false: the runtime never assumed otherwise.
  requires_approval: z.boolean().default(false),
  may_be_async: z.boolean().default(false),
  /** Argument values under which the tool writes nothing (e.g. `{create_version: false}`). */
  read_only_when: z.record(z.string(), z.unknown()).optional(),
});

/** Resource declarations of a tool. */
export type ToolCatalogueEntry = z.infer<typeof toolCatalogueEntrySchema>;
