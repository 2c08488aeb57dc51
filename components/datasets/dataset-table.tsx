import type { Dataset } from "@/lib/contracts/dataset";
import { formatBytes, formatExactBytes } from "../../lib/text/format-bytes";
import { formatDateTime } from "../format/format-date-time";
import { BuildGraphControl } from "./build-graph-control";

const headerCellClass =
  "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600";
// Below md each row is a card (cells stacked, the file facts on one line); from md a table row.
const cellClass = "block px-3 py-1 align-top md:table-cell md:py-2";
const factCellClass = "inline-block px-3 py-0.5 align-top md:table-cell md:py-2";

/**
 * The project's datasets with what each file is and whether a graph was built from it; an edge
 * table uploaded with its node table is one row naming both.
 */
export function DatasetTable({
  rows,
  datasets,
  projectId,
  projectName,
}: {
  rows: { dataset: Dataset; nodeTable: Dataset | null }[];
  /** Every dataset of the project, node tables included: the node-table choices. */
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
      // relative: screen-reader-only text (absolutely placed) stays inside the scrolling box
      // instead of widening the whole page on a narrow screen.
      className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white"
    >
      <table
        className="block min-w-full divide-y divide-slate-200 text-sm md:table"
        data-testid="dataset-table"
      >
        <caption className="sr-only">Datasets in {projectName}</caption>
        <thead className="hidden bg-slate-50 md:table-header-group">
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
        <tbody className="block divide-y divide-slate-100 md:table-row-group">
          {rows.map(({ dataset, nodeTable }) => (
            <tr
              className="block py-2 md:table-row md:py-0"
              key={dataset.dataset_id}
              data-testid="dataset-row"
              data-dataset-id={dataset.dataset_id}
              data-original-filename={dataset.original_filename}
            >
              <th
                scope="row"
                className={`${cellClass} break-words text-left font-medium text-slate-900`}
              >
                <span data-testid="dataset-name">{dataset.name}</span>
                {nodeTable ? (
                  <span
                    className="block text-xs font-normal text-slate-600"
                    data-testid="dataset-node-table"
                    data-nodes-dataset-id={nodeTable.dataset_id}
                  >
                    with node table {nodeTable.original_filename}
                  </span>
                ) : null}
              </th>
              <td
                className={`${factCellClass} break-all text-slate-700 md:break-normal`}
                data-testid="dataset-original-filename"
              >
                {dataset.original_filename}
              </td>
              <td className={factCellClass}>
                <span
                  data-testid="dataset-kind"
                  className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs uppercase text-slate-700"
                >
                  {dataset.kind}
                </span>
              </td>
              <td
                className={`${factCellClass} whitespace-nowrap text-right tabular-nums text-slate-700`}
                title={formatExactBytes(dataset.bytes)}
                data-testid="dataset-size"
                data-bytes={dataset.bytes}
              >
                {formatBytes(dataset.bytes)}
              </td>
              <td className={`${factCellClass} whitespace-nowrap text-slate-700`}>
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
