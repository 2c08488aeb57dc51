import type { Dataset } from "@/lib/contracts/dataset";
import { formatBytes, formatExactBytes } from "../../lib/text/format-bytes";
import { formatDateTime } from "../format/format-date-time";
import { BuildGraphControl } from "./build-graph-control";

const headerCellClass =
  "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600";
const cellClass = "px-3 py-2 align-top";

/** The project's datasets with what each file is and whether a graph was built from it. */
export function DatasetTable({
  datasets,
  projectId,
  projectName,
}: {
  datasets: Dataset[];
  projectId: string;
  projectName: string;
}) {
  const csvDatasets = datasets.filter((dataset) => dataset.kind === "csv");
  return (
    // Focusable so keyboard users can scroll the table sideways on narrow screens.
    <section
      aria-label={`Datasets in ${projectName}`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white"
    >
      <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="dataset-table">
        <caption className="sr-only">Datasets in {projectName}</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={headerCellClass}>
              Name
            </th>
            <th scope="col" className={headerCellClass}>
              Original file
            </th>
            <th scope="col" className={headerCellClass}>
              Kind
            </th>
            <th scope="col" className={`${headerCellClass} text-right`}>
              Size
            </th>
            <th scope="col" className={headerCellClass}>
              Uploaded
            </th>
            <th scope="col" className={headerCellClass}>
              Graph
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {datasets.map((dataset) => (
            <tr
              key={dataset.dataset_id}
              data-testid="dataset-row"
              data-dataset-id={dataset.dataset_id}
              data-original-filename={dataset.original_filename}
            >
              <th scope="row" className={`${cellClass} text-left font-medium text-slate-900`}>
                <span data-testid="dataset-name">{dataset.name}</span>
              </th>
              <td className={`${cellClass} text-slate-700`} data-testid="dataset-original-filename">
                {dataset.original_filename}
              </td>
              <td className={cellClass}>
                <span
                  data-testid="dataset-kind"
                  className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs uppercase text-slate-700"
                >
                  {dataset.kind}
                </span>
              </td>
              <td
                className={`${cellClass} whitespace-nowrap text-right tabular-nums text-slate-700`}
                title={formatExactBytes(dataset.bytes)}
                data-testid="dataset-size"
                data-bytes={dataset.bytes}
              >
                {formatBytes(dataset.bytes)}
              </td>
              <td className={`${cellClass} whitespace-nowrap text-slate-700`}>
                <time dateTime={dataset.created_at} data-testid="dataset-uploaded-at">
                  {formatDateTime(dataset.created_at)}
                </time>
              </td>
              <td className={cellClass}>
                <BuildGraphControl
                  dataset={dataset}
                  projectId={projectId}
                  nodeTableCandidates={csvDatasets.filter(
                    (candidate) => candidate.dataset_id !== dataset.dataset_id,
                  )}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
