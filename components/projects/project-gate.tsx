"use client";

import type { ReactNode } from "react";
import { useCurrentProject } from "@/hooks/use-current-project";
import type { Project } from "@/lib/contracts/project";
import { EmptyState } from "../ui/empty-state";
import { ErrorState } from "../ui/error-state";
import { CreateProjectForm } from "./create-project-form";

/**
 * The part every project page shares: its header over a loading state, the projects error with
 * a retry, or an empty state when there is no project yet; otherwise the page for the project.
 */
export function ProjectGate({
  header,
  loading,
  errorTitle,
  noProject,
  children,
}: {
  header: ReactNode;
  loading: ReactNode;
  /** What the page cannot show when the projects fail to load. */
  errorTitle: string;
  noProject: ReactNode;
  children: (project: Project) => ReactNode;
}) {
  const { project, projectsQuery } = useCurrentProject();
  let body: ReactNode;
  if (projectsQuery.isPending) body = loading;
  else if (projectsQuery.isError) {
    body = (
      <ErrorState
        title={errorTitle}
        error={projectsQuery.error}
        onRetry={() => projectsQuery.refetch()}
        isRetrying={projectsQuery.isFetching}
      />
    );
  } else body = project ? children(project) : noProject;
  return (
    <>
      {header}
      {body}
    </>
  );
}

/** The empty state that lets the user name a first project right where they are. */
export function CreateFirstProject({ belongings }: { belongings: string }) {
  const { selectProject } = useCurrentProject();
  return (
    <EmptyState title="Create a project to start." testId="no-project-state">
      <p className="mb-4">{belongings} belong to a project. Name your first one:</p>
      <div className="mx-auto max-w-xs text-left">
        <CreateProjectForm onCreated={(created) => selectProject(created.project_id)} />
      </div>
    </EmptyState>
  );
}
