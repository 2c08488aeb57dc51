// Client-safe: the workbench shell picks the current project with it.

/** The address parameter that names the current project: `/datasets?project=<id>`. */
export const projectSearchParam = "project";

/**
 * The project every page works in: the one the address names, else the remembered one, else
 * the first; ids naming none of `projects` (deleted, another user's, mistyped) are passed over.
 */
export function resolveCurrentProject<Project extends { project_id: string }>(input: {
  projects: Project[];
  addressId: string | null;
  storedId: string | null;
}): Project | null {
  const byId = (id: string | null) =>
    id === null ? undefined : input.projects.find((project) => project.project_id === id);
  return byId(input.addressId) ?? byId(input.storedId) ?? input.projects[0] ?? null;
}
