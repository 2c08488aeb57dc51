import "server-only";
import { findProjectForOwner } from "@/lib/db/queries/projects";
import { NotFoundError } from "@/lib/errors/http-errors";

/** The owner's project, or 404 (also for another owner's project: never say which). */
export async function getProjectOrThrow(input: { ownerId: string; projectId: string }) {
  const project = await findProjectForOwner(input);
  if (!project) throw new NotFoundError("Project", { project_id: input.projectId });
  return project;
}
