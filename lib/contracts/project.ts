import { z } from "zod";

export const projectSchema = z.object({
  project_id: z.string(),
  name: z.string(),
  created_at: z.string(),
});

export type Project = z.infer<typeof projectSchema>;

export const projectListSchema = z.object({ projects: z.array(projectSchema) });

/** Mirrors the server's rule closely enough to catch typos before a round trip; the server still decides. */
export const projectNameSchema = z
  .string()
  .trim()
  .min(1, "Enter a project name.")
  .max(100, "Keep the name under 100 characters.");
