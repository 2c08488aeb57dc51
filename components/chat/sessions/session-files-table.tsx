"use client";

import { fileDownloadUrl } from "@/hooks/use-session-files";
import type { SessionFile } from "@/lib/contracts/workspace-files";
import { formatBytes } from "../../../lib/text/format-bytes";
import { formatDateTime } from "../../format/format-date-time";
import { toolCardDomId } from "../tool-results/tool-card-dom-id";

/** Scrolls to the tool card (or else the run) that published a file, if it is on the page. */
function showPublisher(publishedBy: NonNullable<SessionFile["published_by"]>): boolean {
  const target =
    document.getElementById(
      toolCardDomId({ runId: publishedBy.run_id, toolCallId: publishedBy.tool_call_id }),
    ) ??
    document.querySelector<HTMLElement>(
      `[data-testid="run"][data-run-id="${CSS.escape(publishedBy.run_id)}"]`,
    );
  if (!target) return false;
  target.scrollIntoView({ block: "center" });
  if (target.tabIndex < 0 && !target.hasAttribute("tabindex")) target.tabIndex = -1;
  target.focus({ preventScroll: true });
  return true;
}

/** One area's downloadable files: name, size, version, who published it, a download link. */
export function SessionFilesTable({
  area,
  files,
  runOrdinal,
}: {
  area: "Uploaded" | "Derived";
  files: SessionFile[];
  /** Turn numbers of the session's runs (1 = first), to name a publishing run readably. */
  runOrdinal: ReadonlyMap<string, number>;
}) {
  return (
    <table
      className="min-w-full border-collapse text-left text-xs"
      data-testid={`files-table-${area}`}
    >
      <caption className="sr-only">
        {area === "Derived" ? "Results saved in this conversation" : "Datasets used here"}
      </caption>
      <thead className="bg-slate-50 text-slate-700">
        <tr>
          <th scope="col" className="px-2 py-1.5 font-semibold">
            Name
          </th>
          {area === "Derived" ? (
            <th scope="col" className="px-2 py-1.5 font-semibold">
              Version
            </th>
          ) : null}
          <th scope="col" className="px-2 py-1.5 text-right font-semibold">
            Size
          </th>
          <th scope="col" className="px-2 py-1.5 font-semibold">
            {area === "Derived" ? "Saved in" : "Dataset"}
          </th>
          <th scope="col" className="px-2 py-1.5 font-semibold">
            <span className="sr-only">Download</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {files.map((file) => (
          <tr
            key={file.reference}
            className="border-t border-slate-100"
            data-testid="session-file"
            data-area={file.area}
            data-file-id={file.file_id}
            data-name={file.name}
          >
            <td className="px-2 py-1 font-mono break-all" title={file.reference}>
              {area === "Derived" ? file.path.replace(/@v\d+$/, "") : file.name}
            </td>
            {area === "Derived" ? (
              <td className="px-2 py-1 tabular-nums">v{file.version ?? "?"}</td>
            ) : null}
            <td className="px-2 py-1 text-right tabular-nums">
              {file.bytes !== null ? formatBytes(file.bytes) : "—"}
            </td>
            <td className="px-2 py-1">
              {area === "Uploaded" ? (
                (file.dataset_name ?? "—")
              ) : file.published_by ? (
                <PublisherCell file={file} runOrdinal={runOrdinal} />
              ) : (
                <span className="text-slate-500">not on record</span>
              )}
            </td>
            <td className="px-2 py-1 text-right">
              <a
                href={fileDownloadUrl(file.file_id)}
                download
                className="font-medium text-blue-700 underline"
                data-testid="session-file-download"
              >
                Download<span className="sr-only"> {file.name}</span>
              </a>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function PublisherCell({
  file,
  runOrdinal,
}: {
  file: SessionFile;
  runOrdinal: ReadonlyMap<string, number>;
}) {
  const publishedBy = file.published_by;
  if (!publishedBy) return null;
  const ordinal = runOrdinal.get(publishedBy.run_id);
  return (
    <button
      type="button"
      className="text-blue-800 underline decoration-dotted underline-offset-2"
      title="Show the turn that saved this file"
      onClick={() => showPublisher(publishedBy)}
      data-testid="session-file-publisher"
      data-run-id={publishedBy.run_id}
    >
      {ordinal ? `Turn ${ordinal}` : `Run ${publishedBy.run_id.slice(0, 8)}`}
      {publishedBy.published_at ? `, ${formatDateTime(publishedBy.published_at)}` : ""}
    </button>
  );
}
