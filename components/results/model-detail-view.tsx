"use client";

import Link from "next/link";
import { ApiRequestError } from "@/hooks/api/api-request-error";
import { useModelRecord } from "@/hooks/use-ml-results";
import type { ModelRecord } from "@/lib/contracts/ml-models";
import { formatDateTime } from "../format/format-date-time";
import { secondaryButtonClass } from "../ui/button-styles";
import { EmptyState } from "../ui/empty-state";
import { ErrorState } from "../ui/error-state";
import { PageHeader } from "../ui/page-header";
import { FinalMetricsTable } from "./final-metrics-table";
import { splitLabel, taskLabel } from "./ml-labels";
import { ModelCurves } from "./model-curves";

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

function Facts({ entries, testId }: { entries: [string, React.ReactNode][]; testId: string }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm" data-testid={testId}>
      {entries.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-slate-500">{term}</dt>
          <dd className="break-all text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const show = (value: unknown): string =>
  value === null || value === undefined
    ? "—"
    : typeof value === "string"
      ? value
      : JSON.stringify(value);

function ModelDetail({ record }: { record: ModelRecord }) {
  const config = record.config;
  const schema = asRecord(config.feature_schema);
  const columns = Array.isArray(schema.columns) ? schema.columns.map(String) : [];
  const columnCount =
    typeof schema.column_count === "number" ? schema.column_count : columns.length;
  const hyperparameters = Object.entries(asRecord(config.hyperparameters));
  return (
    <div className="space-y-8" data-testid="model-detail" data-model-id={record.model_id}>
      <section aria-labelledby="model-record-heading" className="space-y-2">
        <h2 id="model-record-heading" className="text-lg font-semibold">
          Record
        </h2>
        <Facts
          testId="model-facts"
          entries={[
            ["Model id", <code key="id">{record.model_id}</code>],
            ["Task", taskLabel(record.task)],
            [
              "Dataset",
              `${record.dataset_id ?? "deleted"}${record.revision !== null ? `, revision ${record.revision}` : ""}`,
            ],
            ["Split", splitLabel(record.split)],
            ["Seed", String(record.protocol.seed)],
            ["Trained", formatDateTime(record.created_at)],
            ["Job", record.job_id ?? "—"],
          ]}
        />
      </section>
      <section aria-labelledby="model-config-heading" className="space-y-2">
        <h2 id="model-config-heading" className="text-lg font-semibold">
          Config
        </h2>
        <Facts
          testId="model-config"
          entries={[
            ["Label property", show(config.label_property)],
            [
              "Classes",
              Array.isArray(config.classes) ? config.classes.map(String).join(", ") : "—",
            ],
            ["Features asked for", show(config.features ?? "default")],
            ["Max epochs", show(config.epochs)],
            ...hyperparameters.map(([name, value]): [string, React.ReactNode] => [
              name,
              show(value),
            ]),
          ]}
        />
      </section>
      <section aria-labelledby="model-features-heading" className="space-y-2">
        <h2 id="model-features-heading" className="text-lg font-semibold">
          Feature schema
        </h2>
        <p className="text-sm text-slate-700" data-testid="model-feature-summary">
          {columnCount} input {columnCount === 1 ? "column" : "columns"}, matrix width{" "}
          {show(schema.width)}. Inference refuses a graph whose features do not match.
        </p>
        {columns.length > 0 ? (
          <ul className="flex flex-wrap gap-1 text-xs" data-testid="model-feature-columns">
            {columns.map((column) => (
              <li key={column} className="rounded bg-slate-100 px-2 py-0.5 font-mono">
                {column}
              </li>
            ))}
            {columnCount > columns.length ? (
              <li>… and {columnCount - columns.length} more</li>
            ) : null}
          </ul>
        ) : null}
      </section>
      <section aria-labelledby="model-file-heading" className="space-y-2">
        <h2 id="model-file-heading" className="text-lg font-semibold">
          Model file
        </h2>
        {record.file ? (
          <p className="flex flex-wrap items-center gap-3 text-sm">
            <a
              href={record.file.url}
              download
              className={secondaryButtonClass}
              data-testid="model-file-download"
            >
              Download the model file
            </a>
            {record.file.checksum ? (
              <span className="text-xs text-slate-600">
                checksum <code className="break-all">{record.file.checksum}</code>
              </span>
            ) : null}
          </p>
        ) : (
          <p className="text-sm text-slate-600">This record has no model file.</p>
        )}
      </section>
      <section aria-labelledby="model-curves-heading" className="space-y-3">
        <h2 id="model-curves-heading" className="text-lg font-semibold">
          Curves and final metrics
        </h2>
        <ModelCurves record={record} />
        <FinalMetricsTable record={record} />
      </section>
    </div>
  );
}

/** The model page (JOB-5): a model record's config, feature schema, file, curves and metrics. */
export function ModelDetailView({ modelId }: { modelId: string }) {
  const recordQuery = useModelRecord(modelId);
  const title = recordQuery.data ? `Model: ${recordQuery.data.model}` : "Model";
  let body: React.ReactNode;
  if (recordQuery.isPending) {
    body = (
      <div
        aria-busy="true"
        data-testid="model-detail-loading"
        className="h-96 animate-pulse rounded-lg bg-slate-100"
      >
        <span className="sr-only">Loading the model record…</span>
      </div>
    );
  } else if (recordQuery.isError) {
    const notFound =
      recordQuery.error instanceof ApiRequestError && recordQuery.error.status === 404;
    body = notFound ? (
      <EmptyState title="There is no such model." testId="model-detail-not-found">
        <p>
          It may have been deleted, or the link is wrong. The Results page lists every model of the
          project.
        </p>
      </EmptyState>
    ) : (
      <ErrorState
        title="The model record could not be loaded."
        error={recordQuery.error}
        onRetry={() => recordQuery.refetch()}
        isRetrying={recordQuery.isFetching}
        testId="model-detail-error"
      />
    );
  } else body = <ModelDetail record={recordQuery.data} />;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/results" className="text-blue-700 underline">
          ← Results
        </Link>
      </p>
      <PageHeader
        title={title}
        description="A trained model’s record, as stored when its training finished."
      />
      {body}
    </>
  );
}
