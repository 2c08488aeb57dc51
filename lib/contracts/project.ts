import { z } from "zod";

// Client-safe: the projects endpoints answer this shape (lib/projects/project-json.ts builds
// it) and the project picker parses it.

export const projectSchema = z.object({
  project_id: z.string(),
  name: z.string(),
  created_at: z.string(),
});

export type Project = z.infer<typeof projectSchema>;

/** `GET /api/projects`. */
export const projectListSchema = z.object({ projects: z.array(projectSchema) });

export type ProjectList = z.infer<typeof projectListSchema>;

/** Mirrors the server's rule closely enough to catch typos before a round trip; the server still decides. */
export const projectNameSchema = z
  .string()
  .trim()
  .min(1, "Enter a project name.")
  .max(100, "Keep the name under 100 characters.");
