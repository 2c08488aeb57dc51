import { z } from "zod";

// Client-safe: GET /api/sessions/{id}/files answers with it; the chat's files panel parses it.

export const workspaceAreaNames = ["Uploaded", "Derived", "Environment", "Ephemeral"] as const;

export const sessionFilesQuerySchema = z.object({
  area: z.enum(workspaceAreaNames).optional(),
});

/**
 * One downloadable file of a session: an Uploaded file or a Derived version. Nothing without a
 * download is listed (Environment and Ephemeral stay with the agent's workspace tools).
 */
export const sessionFileSchema = z.object({
  /** What `GET /api/files/{file_id}` downloads: the dataset id, or the Derived version's id. */
  file_id: z.string(),
  area: z.enum(workspaceAreaNames),
  path: z.string(),
  /** What a download is called: the file's own name (a Derived version keeps its `@vN`). */
  name: z.string(),
  reference: z.string(),
  kind: z.enum(["file", "directory", "symlink"]),
  bytes: z.number().int().nullable(),
  version: z.number().int().nullable(),
  checksum: z.string().nullable(),
  modified_at: z.string().nullable(),
  dataset_id: z.string().nullable(),
  dataset_name: z.string().nullable(),
  /** For a Derived version: the run whose workspace_publish_file call published it. */
  published_by: z
    .object({ run_id: z.string(), tool_call_id: z.string(), published_at: z.string().nullable() })
    .nullable(),
});

export const sessionFilesSchema = z.object({
  session_id: z.string(),
  files: z.array(sessionFileSchema),
  truncated: z.boolean(),
});

export type SessionFile = z.infer<typeof sessionFileSchema>;
export type SessionFiles = z.infer<typeof sessionFilesSchema>;
