import "server-only";
import { listProjectsByOwner } from "@/lib/db/queries/projects";
import { toProjectJson } from "./project-json";

/** Projects of the acting owner. */
export async function listProjects(input: { ownerId: string }) {
  const projects = await listProjectsByOwner({ ownerId: input.ownerId });
  return projects.map(toProjectJson);
}
