"use client";

import Link from "next/link";
import { useModelRecord } from "@/hooks/use-ml-results";
import { ErrorState } from "../ui/error-state";
import { FinalMetricsTable } from "./final-metrics-table";
import { shortId, splitLabel, taskLabel } from "./ml-labels";
import { ModelCurves } from "./model-curves";

/** One model's curves and final metrics, read from its record (`GET /api/ml/models/{id}`). */
export function ModelCurvesPanel({ modelId }: { modelId: string }) {
  const recordQuery = useModelRecord(modelId);
  if (recordQuery.isPending) {
    return (
      <div
        aria-busy="true"
        data-testid="model-curves-loading"
        className="h-80 animate-pulse rounded-lg bg-slate-100"
      >
        <span className="sr-only">Loading the model record…</span>
      </div>
    );
  }
  if (recordQuery.isError) {
    return (
      <ErrorState
        title="The model record could not be loaded."
        error={recordQuery.error}
        onRetry={() => recordQuery.refetch()}
        isRetrying={recordQuery.isFetching}
        testId="model-curves-error"
      />
    );
  }
  const record = recordQuery.data;
  return (
    <div className="space-y-4" data-testid="model-curves-panel" data-model-id={record.model_id}>
      <p className="text-sm text-slate-700">
        <span className="font-medium">{record.model}</span> · {taskLabel(record.task)} ·{" "}
        {splitLabel(record.split)} ·{" "}
        <Link
          href={`/results/models/${encodeURIComponent(record.model_id)}`}
          className="text-blue-700 underline"
          data-testid="model-detail-link"
        >
          Model {shortId(record.model_id)}: config, features and file
        </Link>
      </p>
      <ModelCurves record={record} />
      <FinalMetricsTable record={record} />
    </div>
  );
}
