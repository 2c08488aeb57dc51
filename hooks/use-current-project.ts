"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import { createContext, useContext } from "react";
import type { Project } from "@/lib/contracts/project";

export type CurrentProjectState = {
  /** The project every page works in; null while loading or when none exists yet. */
  project: Project | null;
  projects: Project[];
  projectsQuery: UseQueryResult<Project[]>;
  selectProject: (projectId: string) => void;
};

export const CurrentProjectContext = createContext<CurrentProjectState | null>(null);

/** The workbench's current project; only valid inside CurrentProjectProvider. */
export function useCurrentProject(): CurrentProjectState {
  const state = useContext(CurrentProjectContext);
  if (!state) throw new Error("useCurrentProject must be used inside CurrentProjectProvider");
  return state;
}
