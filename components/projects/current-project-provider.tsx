"use client";

import { type ReactNode, useMemo } from "react";
import { CurrentProjectContext, type CurrentProjectState } from "@/hooks/use-current-project";
import { useProjects } from "@/hooks/use-projects";
import { useStoredProjectId } from "@/hooks/use-stored-project-id";

/** Resolves the current project: the remembered one if it still exists, else the first. */
export function CurrentProjectProvider({ children }: { children: ReactNode }) {
  const projectsQuery = useProjects();
  const [storedId, storeId] = useStoredProjectId();

  const state = useMemo<CurrentProjectState>(() => {
    const projects = projectsQuery.data ?? [];
    const project =
      projects.find((candidate) => candidate.project_id === storedId) ?? projects[0] ?? null;
    return { project, projects, projectsQuery, selectProject: storeId };
  }, [projectsQuery, storedId, storeId]);

  return <CurrentProjectContext.Provider value={state}>{children}</CurrentProjectContext.Provider>;
}
