"use client";

import { useId, useRef, useState } from "react";
import { useCurrentProject } from "@/hooks/use-current-project";
import { secondaryButtonClass } from "../ui/button-styles";
import { ErrorState } from "../ui/error-state";
import { CreateProjectForm } from "./create-project-form";

/** Chooses the project every page works in, and creates new ones inline. */
export function ProjectSwitcher() {
  const selectId = useId();
  const { project, projects, projectsQuery, selectProject } = useCurrentProject();
  const [isCreating, setIsCreating] = useState(false);
  const newProjectButton = useRef<HTMLButtonElement>(null);

  function closeForm() {
    setIsCreating(false);
    // Return focus to where the keyboard user started, not to the top of the page.
    requestAnimationFrame(() => newProjectButton.current?.focus());
  }

  return (
    <section aria-label="Project" data-testid="project-switcher" className="space-y-2">
      <label
        htmlFor={selectId}
        className="block text-xs font-medium uppercase tracking-wide text-slate-500"
      >
        Project
      </label>
      {projectsQuery.isPending ? (
        <div
          className="h-8 animate-pulse rounded-md bg-slate-200"
          data-testid="project-switcher-loading"
          aria-hidden="true"
        />
      ) : projectsQuery.isError ? (
        <ErrorState
          title="Projects could not be loaded."
          error={projectsQuery.error}
          onRetry={() => projectsQuery.refetch()}
          isRetrying={projectsQuery.isFetching}
          testId="project-switcher-error"
        />
      ) : (
        <select
          id={selectId}
          value={project?.project_id ?? ""}
          onChange={(event) => selectProject(event.target.value)}
          disabled={projects.length === 0}
          data-testid="project-select"
          className="block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
        >
          {projects.length === 0 ? <option value="">No projects yet</option> : null}
          {projects.map((candidate) => (
            <option key={candidate.project_id} value={candidate.project_id}>
              {candidate.name}
            </option>
          ))}
        </select>
      )}
      {isCreating ? (
        <CreateProjectForm
          autoFocus
          onCancel={closeForm}
          onCreated={(created) => {
            selectProject(created.project_id);
            closeForm();
          }}
        />
      ) : (
        <button
          ref={newProjectButton}
          type="button"
          className={`${secondaryButtonClass} w-full`}
          onClick={() => setIsCreating(true)}
          data-testid="new-project-button"
        >
          New project
        </button>
      )}
    </section>
  );
}
