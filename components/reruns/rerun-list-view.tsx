"use client";

import Link from "next/link";
import { useCurrentProject } from "@/hooks/use-current-project";
import { useProjectReruns } from "@/hooks/use-reruns";
import type { Project } from "@/lib/contracts/project";
import { CreateFirstProject, ProjectGate } from "../projects/project-gate";
import { EmptyState } from "../ui/empty-state";
import { ErrorState } from "../ui/error-state";
import { PageHeader } from "../ui/page-header";
import { rerunProgressText, revisionText } from "./rerun-progress";

function ListSkeleton() {
  return (
    <div
      aria-busy="true"
      data-testid="reruns-loading"
      className="h-32 animate-pulse rounded-lg bg-slate-100"
    >
      <span className="sr-only">Loading…</span>
    </div>
  );
}

function ProjectReruns({ project }: { project: Project }) {
  const query = useProjectReruns(project.project_id);
  if (query.isPending) return <ListSkeleton />;
  if (query.isError) {
    return (
      <ErrorState
        title="The re-runs could not be loaded."
        error={query.error}
        onRetry={() => query.refetch()}
        isRetrying={query.isFetching}
        testId="reruns-error"
      />
    );
  }
  if (query.data.reruns.length === 0) {
    return (
      <EmptyState title="No conversation was re-run in this project yet." testId="reruns-empty">
        <p>
          Open a conversation in the{" "}
          <Link href="/chat" className="font-medium text-blue-700 underline">
            chat
          </Link>{" "}
          and press <strong>Re-run on the latest data</strong>, or tick{" "}
          <strong>Watch this dataset</strong> to re-run it by itself on each new revision.
        </p>
      </EmptyState>
    );
  }
  return (
    <ul className="space-y-3" aria-label="Re-runs" data-testid="reruns-list">
      {query.data.reruns.map((rerun) => (
        <li
          key={rerun.rerun_id}
          className="min-w-0 rounded-lg border border-slate-200 bg-white p-3"
          data-testid="rerun-row"
          data-status={rerun.status}
        >
          <Link
            href={`/reruns/${encodeURIComponent(rerun.rerun_id)}`}
            className="break-words font-medium text-blue-700 underline"
          >
            {rerun.original_title}
          </Link>
          <p className="mt-1 break-words text-sm text-slate-600">
            {rerun.trigger === "watch" ? "Started by a watch" : "Started by hand"} on{" "}
            {revisionText(rerun.revision)} · {new Date(rerun.created_at).toLocaleString()}
          </p>
          <p
            className={`mt-1 text-sm ${rerun.changed_turns > 0 ? "font-medium text-amber-900" : "text-slate-700"}`}
            data-testid="rerun-row-summary"
          >
            {rerunProgressText({ ...rerun, error_message: null })}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** The project's re-runs and what changed in each. */
export function RerunListView() {
  const { project } = useCurrentProject();
  return (
    <ProjectGate
      header={
        <PageHeader
          title="Re-runs"
          description={
            <>
              Conversations asked again on new data
              {project ? (
                <>
                  {" "}
                  in <strong>{project.name}</strong>
                </>
              ) : null}
              , with the answers that changed.
            </>
          }
        />
      }
      loading={<ListSkeleton />}
      errorTitle="Projects could not be loaded, so there are no re-runs to show."
      noProject={<CreateFirstProject belongings="Conversations and their re-runs" />}
    >
      {(current) => <ProjectReruns key={current.project_id} project={current} />}
    </ProjectGate>
  );
}
