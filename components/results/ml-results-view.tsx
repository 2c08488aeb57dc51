"use client";

import Link from "next/link";
import { useState } from "react";
import { useCapabilities } from "@/hooks/use-capabilities";
import { useCurrentProject } from "@/hooks/use-current-project";
import {
  hasUnfinishedJob,
  useCancelMlJob,
  useMlJobs,
  useTrainingSummary,
} from "@/hooks/use-ml-results";
import type { Project } from "@/lib/contracts/project";
import { CreateFirstProject, ProjectGate } from "../projects/project-gate";
import { EmptyState } from "../ui/empty-state";
import { ErrorState } from "../ui/error-state";
import { PageHeader } from "../ui/page-header";
import { MlJobsTable } from "./ml-jobs-table";
import { ModelCurvesPanel } from "./model-curves-panel";
import { TrainingComparison } from "./training-comparison";

function SectionSkeleton({ testId }: { testId: string }) {
  return (
    <div
      aria-busy="true"
      data-testid={testId}
      className="h-32 animate-pulse rounded-lg bg-slate-100"
    >
      <span className="sr-only">Loading…</span>
    </div>
  );
}

function Section({
  title,
  id,
  children,
}: {
  title: string;
  id: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function ProjectMlResults({ project }: { project: Project }) {
  const capabilities = useCapabilities();
  const jobsQuery = useMlJobs(project.project_id);
  const live = hasUnfinishedJob(jobsQuery.data);
  const summaryQuery = useTrainingSummary(project.project_id, { live });
  const cancel = useCancelMlJob(project.project_id);
  const [chosenModelId, setChosenModelId] = useState<string | null>(null);
  const experiments = (summaryQuery.data?.groups ?? [])
    .flatMap((group) => group.experiments)
    .sort((a, b) => a.created_at.localeCompare(b.created_at));
  // Until one is chosen, the newest training's curves are shown.
  const selectedModelId =
    chosenModelId && experiments.some((e) => e.model_id === chosenModelId)
      ? chosenModelId
      : (experiments.at(-1)?.model_id ?? null);

  return (
    <div className="space-y-8">
      <Section title="Training and inference jobs" id="ml-jobs-heading">
        {jobsQuery.isPending ? (
          <SectionSkeleton testId="ml-jobs-loading" />
        ) : jobsQuery.isError ? (
          <ErrorState
            title="The jobs could not be loaded."
            error={jobsQuery.error}
            onRetry={() => jobsQuery.refetch()}
            isRetrying={jobsQuery.isFetching}
            testId="ml-jobs-error"
          />
        ) : jobsQuery.data.jobs.length === 0 ? (
          <EmptyState
            title="No training or inference has run in this project yet."
            testId="ml-jobs-empty"
          >
            <p>
              Ask in the{" "}
              <Link href="/chat" className="font-medium text-blue-700 underline">
                chat
              </Link>
              , for example “train a node classifier on karate to predict club”; its job appears
              here while it runs.
            </p>
          </EmptyState>
        ) : (
          <MlJobsTable
            jobs={jobsQuery.data.jobs}
            canCancel={capabilities.data?.job_cancel_v1 === true}
            onCancel={(jobId) => cancel.mutate(jobId)}
            cancellingJobId={cancel.isPending ? (cancel.variables ?? null) : null}
          />
        )}
        {cancel.isError ? (
          <ErrorState
            title="The job could not be stopped."
            error={cancel.error}
            testId="ml-job-stop-error"
          />
        ) : null}
      </Section>

      <Section title="Training curves and final metrics" id="ml-curves-heading">
        {summaryQuery.isPending ? (
          <SectionSkeleton testId="ml-curves-loading" />
        ) : selectedModelId ? (
          <ModelCurvesPanel key={selectedModelId} modelId={selectedModelId} />
        ) : summaryQuery.isError ? null : (
          <EmptyState title="No finished training yet." testId="ml-curves-empty">
            <p>A training’s per-epoch curves and final metrics appear here when it finishes.</p>
          </EmptyState>
        )}
      </Section>

      <Section title="Comparison" id="ml-comparison-heading">
        {summaryQuery.isPending ? (
          <SectionSkeleton testId="ml-comparison-loading" />
        ) : summaryQuery.isError ? (
          <ErrorState
            title="The training summary could not be loaded."
            error={summaryQuery.error}
            onRetry={() => summaryQuery.refetch()}
            isRetrying={summaryQuery.isFetching}
            testId="ml-comparison-error"
          />
        ) : summaryQuery.data.groups.length === 0 ? (
          <EmptyState title="Nothing to compare yet." testId="ml-comparison-empty">
            <p>Finished trainings are grouped here by dataset, revision, task and split.</p>
          </EmptyState>
        ) : (
          <TrainingComparison
            summary={summaryQuery.data}
            selectedModelId={selectedModelId}
            onSelect={setChosenModelId}
          />
        )}
      </Section>
    </div>
  );
}

/** The Results page (UI-4, JOB-5): the project's ML jobs, curves, metrics and comparison. */
export function MlResultsView() {
  const { project } = useCurrentProject();
  const header = (
    <PageHeader
      title="Results"
      description={
        <>
          Trainings and inferences
          {project ? (
            <>
              {" "}
              of <strong data-testid="current-project-name">{project.name}</strong>
            </>
          ) : null}
          . Reports open from the chat’s tool cards at their own address, and a conversation’s{" "}
          <strong>Files</strong> panel downloads its published files.
        </>
      }
    />
  );
  return (
    <ProjectGate
      header={header}
      loading={<SectionSkeleton testId="results-loading" />}
      errorTitle="Projects could not be loaded, so there are no results to show."
      noProject={<CreateFirstProject belongings="Trainings and their results" />}
    >
      {(project) => <ProjectMlResults key={project.project_id} project={project} />}
    </ProjectGate>
  );
}
