import Link from "next/link";
import type { Dataset } from "@/lib/contracts/dataset";
import { ConstructionErrorText } from "../datasets/construction-error-text";

const datasetsLinkClass = "font-medium text-blue-700 underline";

/** Why the chosen dataset has no drawing yet: never built, still building, or its build failed. */
export function GraphDatasetStatus({ dataset }: { dataset: Dataset }) {
  if (dataset.construction_status === "failed") {
    return (
      <div
        role="alert"
        data-testid="graph-dataset-failed"
        className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900"
      >
        <p className="font-medium">
          The graph could not be built from “{dataset.name}”, so there is nothing to draw.
        </p>
        {dataset.construction_error ? (
          <ConstructionErrorText error={dataset.construction_error} />
        ) : null}
        <p className="mt-3">
          Fix the file and upload it again, or try another build on the{" "}
          <Link href="/datasets" className={datasetsLinkClass}>
            Datasets page
          </Link>
          .
        </p>
      </div>
    );
  }
  if (dataset.construction_status === "building") {
    return (
      <div
        role="status"
        data-testid="graph-dataset-building"
        className="rounded-lg border border-blue-200 bg-blue-50 p-4 text-sm text-blue-900"
      >
        <p className="font-medium">
          The graph of “{dataset.name}” is being built; it appears here when it is ready.
        </p>
      </div>
    );
  }
  return (
    <div
      data-testid="graph-dataset-not-built"
      className="rounded-lg border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-700"
    >
      <p className="font-medium text-slate-900">
        No graph has been built from “{dataset.name}” yet.
      </p>
      <p className="mt-1">
        Use <strong>Build graph</strong> on the{" "}
        <Link href="/datasets" className={datasetsLinkClass}>
          Datasets page
        </Link>
        , then come back.
      </p>
    </div>
  );
}
