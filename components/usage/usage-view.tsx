"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { useState } from "react";
import { useCurrentProject } from "@/hooks/use-current-project";
import { useProjectUsage } from "@/hooks/use-project-usage";
import type { Project } from "@/lib/contracts/project";
import { CreateFirstProject, ProjectGate } from "../projects/project-gate";
import { ChartLoading } from "../ui/chart-loading";
import { EmptyState } from "../ui/empty-state";
import { ErrorState } from "../ui/error-state";
import { PageHeader } from "../ui/page-header";
import { usageChartRows } from "./usage-chart-rows";
import { type UsageMetric, usageMetrics } from "./usage-metrics";
import { type DayRange, UsageRangePicker } from "./usage-range-picker";
import { UsageDaysTable, UsageTotalsTable } from "./usage-tables";

// On demand: recharts is only downloaded by a page that draws a chart.
const UsageChart = dynamic(() => import("./usage-chart").then((module) => module.UsageChart), {
  ssr: false,
  loading: () => <ChartLoading height={260} />,
});

function UsageLoading() {
  return (
    <div
      aria-busy="true"
      data-testid="usage-loading"
      className="h-64 animate-pulse rounded-lg bg-slate-100"
    >
      <span className="sr-only">Loading…</span>
    </div>
  );
}

function ProjectUsage({ project }: { project: Project }) {
  const [range, setRange] = useState<DayRange | null>(null);
  const [chosenMetric, setChosenMetric] = useState<UsageMetric | null>(null);
  const usage = useProjectUsage(project.project_id, range);
  const data = usage.data;
  const shown = data ? { from: data.from, to: data.to } : range;
  // Tokens when any model reported some; the offline model reports none, so then model calls.
  const metric =
    chosenMetric ??
    (data?.totals.some((total) => total.input_tokens + total.output_tokens > 0)
      ? "tokens"
      : "model_calls");
  return (
    <div className="space-y-6" aria-busy={usage.isFetching}>
      <UsageRangePicker shown={shown} onChange={setRange} />
      {usage.isPending ? (
        <UsageLoading />
      ) : usage.isError ? (
        <ErrorState
          title="The usage could not be loaded."
          error={usage.error}
          onRetry={() => usage.refetch()}
          isRetrying={usage.isFetching}
          testId="usage-error"
        />
      ) : usage.data.days.length === 0 ? (
        <EmptyState title="No runs in these days." testId="usage-empty">
          <p>
            Ask something in the{" "}
            <Link href="/chat" className="font-medium text-blue-700 underline">
              chat
            </Link>
            ; each run’s model calls, tokens, tool calls and time are counted here by day.
          </p>
        </EmptyState>
      ) : (
        <UsageSections data={usage.data} metric={metric} onMetric={setChosenMetric} />
      )}
    </div>
  );
}

function UsageSections({
  data,
  metric,
  onMetric,
}: {
  data: NonNullable<ReturnType<typeof useProjectUsage>["data"]>;
  metric: UsageMetric;
  onMetric: (metric: UsageMetric) => void;
}) {
  const chart = usageChartRows({ days: data.days, from: data.from, to: data.to, metric });
  return (
    <>
      <section aria-labelledby="usage-per-day-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="usage-per-day-heading" className="text-lg font-semibold text-slate-900">
            Per day, by model
          </h2>
          <label className="flex items-center gap-2 text-sm text-slate-600">
            Show
            <select
              className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
              value={metric}
              onChange={(event) => onMetric(event.target.value as UsageMetric)}
              data-testid="usage-metric"
            >
              {usageMetrics.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
        </div>
        <UsageChart rows={chart.rows} models={chart.models} metric={metric} />
        <UsageDaysTable days={data.days} />
      </section>
      <section aria-labelledby="usage-totals-heading" className="space-y-3">
        <h2 id="usage-totals-heading" className="text-lg font-semibold text-slate-900">
          Totals, {data.from} to {data.to}
        </h2>
        <UsageTotalsTable totals={data.totals} />
      </section>
    </>
  );
}

/** The Usage page: what the project's runs used, per UTC day and model, with totals. */
export function UsageView() {
  const { project } = useCurrentProject();
  const header = (
    <PageHeader
      title="Usage"
      description={
        <>
          Model calls, tokens, tool calls and run time
          {project ? (
            <>
              {" "}
              of <strong data-testid="current-project-name">{project.name}</strong>
            </>
          ) : null}
          , by the UTC day each run started. Tokens are what the model’s provider reported; the
          offline model reports none. A run’s time leaves out its waits for an approval.
        </>
      }
    />
  );
  return (
    <ProjectGate
      header={header}
      loading={<UsageLoading />}
      errorTitle="Projects could not be loaded, so there is no usage to show."
      noProject={<CreateFirstProject belongings="Runs and their usage" />}
    >
      {(project) => <ProjectUsage key={project.project_id} project={project} />}
    </ProjectGate>
  );
}
