"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { type ReactNode, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { CurrentProjectContext, type CurrentProjectState } from "@/hooks/use-current-project";
import { useProjects } from "@/hooks/use-projects";
import { useStoredProjectId } from "@/hooks/use-stored-project-id";
import { projectSearchParam, resolveCurrentProject } from "@/lib/projects/resolve-current-project";

/**
 * Resolves the current project: the one the address names (`?project=<id>`, so a reload or a
 * shared link keeps it), else the remembered one, else the first; an id that names no project
 * of the user's is passed over. Switching writes the choice into the address and remembers it.
 */
export function CurrentProjectProvider({ children }: { children: ReactNode }) {
  const projectsQuery = useProjects();
  const [storedId, storeId] = useStoredProjectId();
  const [addressId, setAddressId] = useState<string | null>(null);
  const pathname = usePathname();

  const selectProject = useCallback(
    (projectId: string) => {
      storeId(projectId);
      setAddressId(projectId);
      const search = new URLSearchParams(window.location.search);
      search.set(projectSearchParam, projectId);
      // The native call, not router.replace: Next keeps useSearchParams in sync with it, and it
      // neither refetches the page from the server nor scrolls.
      window.history.replaceState(null, "", `${pathname}?${search.toString()}`);
    },
    [pathname, storeId],
  );

  const state = useMemo<CurrentProjectState>(() => {
    const projects = projectsQuery.data ?? [];
    const project = resolveCurrentProject({ projects, addressId, storedId });
    return { project, projects, projectsQuery, selectProject };
  }, [projectsQuery, addressId, storedId, selectProject]);

  // A project opened from the address is remembered, so pages reached without it keep it.
  const resolvedId = state.project?.project_id ?? null;
  useEffect(() => {
    if (resolvedId !== null && resolvedId === addressId && resolvedId !== storedId) {
      storeId(resolvedId);
    }
  }, [resolvedId, addressId, storedId, storeId]);

  return (
    <CurrentProjectContext.Provider value={state}>
      {/* useSearchParams needs a Suspense boundary in a prerendered layout; it renders nothing. */}
      <Suspense fallback={null}>
        <ProjectInAddress onChange={setAddressId} />
      </Suspense>
      {children}
    </CurrentProjectContext.Provider>
  );
}

/** Reports the address's `?project=` whenever it changes (navigation, back, a pasted link). */
function ProjectInAddress({ onChange }: { onChange: (projectId: string | null) => void }) {
  const projectId = useSearchParams().get(projectSearchParam);
  useEffect(() => {
    onChange(projectId || null);
  }, [projectId, onChange]);
  return null;
}
