import { z } from "zod";
import { graphLayoutDocumentSchema } from "./graph-layout-document";

// Client-safe: `GET /api/artifacts/{id}` answers this shape (lib/artifacts/get-artifact.ts builds
// it) and the chat parses a layout artefact with the narrowed schema.

/** One stored document (layout or report) of the owner; an artefact never changes. */
export const artifactSchema = z.object({
  artifact_id: z.string(),
  kind: z.string(),
  title: z.string(),
  session_id: z.string().nullable(),
  content: z.unknown(),
  created_at: z.string(),
});

export type Artifact = z.infer<typeof artifactSchema>;

/** The layout document a visualize_subgraph call saved, which the chat draws. */
export const layoutArtifactSchema = artifactSchema.extend({
  kind: z.literal("graph_layout"),
  content: graphLayoutDocumentSchema,
});

export type LayoutArtifact = z.infer<typeof layoutArtifactSchema>;
