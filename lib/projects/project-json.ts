import type { Project } from "@/lib/contracts/project";

/** The API shape of a project. */
export function toProjectJson(project: { id: string; name: string; createdAt: Date }): Project {
  return {
    project_id: project.id,
    name: project.name,
    created_at: project.createdAt.toISOString(),
  };
}
