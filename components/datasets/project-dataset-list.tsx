"use client";

import { useDatasets } from "@/hooks/use-datasets";
import type { Project } from "@/lib/contracts/project";
import { withLinkedNodeTables } from "@/lib/datasets/linked-node-tables";
import { EmptyState } from "../ui/empty-state";
import { ErrorState } from "../ui/error-state";
import { DatasetTable } from "./dataset-table";
import { DatasetTableSkeleton } from "./dataset-table-skeleton";

/** The stored datasets of one project, in each of its load states. */
export function ProjectDatasetList({ project }: { project: Project }) {
  const datasetsQuery = useDatasets(project.project_id);
  // A node table uploaded with its edge table is part of that dataset, not a row of its own.
  const rows = datasetsQuery.data ? withLinkedNodeTables(datasetsQuery.data) : undefined;
  const count = rows?.length;

  return (
    <section aria-labelledby="dataset-list-heading" className="mt-8">
      <h2
        id="dataset-list-heading"
        className="mb-3 flex items-baseline gap-2 text-lg font-semibold text-slate-900"
      >
        Stored datasets
        {count !== undefined ? (
          <span
            className="rounded-full bg-slate-200 px-2 text-xs font-medium text-slate-700"
            data-testid="dataset-count"
            data-count={count}
          >
            {count}
          </span>
        ) : null}
      </h2>
      {datasetsQuery.isPending ? (
        <DatasetTableSkeleton />
      ) : datasetsQuery.isError ? (
        <ErrorState
          title="The datasets could not be loaded."
          error={datasetsQuery.error}
          onRetry={() => datasetsQuery.refetch()}
          isRetrying={datasetsQuery.isFetching}
          testId="dataset-list-error"
        />
      ) : datasetsQuery.data.length === 0 ? (
        <EmptyState title="No datasets in this project yet." testId="dataset-list-empty">
          Upload a CSV edge list, a text file or a SQL dump above; it will be listed here.
        </EmptyState>
      ) : (
        <DatasetTable
          rows={rows ?? []}
          datasets={datasetsQuery.data}
          projectId={project.project_id}
          projectName={project.name}
        />
      )}
    </section>
  );
}
