"use client";

import { useState } from "react";
import type { GraphLayoutDocument } from "@/lib/contracts/graph-layout-document";
import { downloadBlob, fileNameFrom } from "../format/download-file";
import { graphPicturePng, graphPictureSvg } from "./graph-picture-svg";

const smallButtonClass =
  "rounded border border-slate-300 bg-white px-2 py-0.5 font-medium text-slate-800 hover:bg-slate-100";
const width = 1200;
const height = 900;

/**
 * "Download PNG" and "Download SVG" for a drawn graph: the picture is made in the browser from
 * the layout document (positions, colours, sizes), not read back from the WebGL canvas, so it
 * works whatever the renderer shows and the SVG stays vectors.
 */
export function GraphPictureDownloads({
  document,
  directed,
}: {
  document: GraphLayoutDocument;
  directed: boolean;
}) {
  const [error, setError] = useState<string | null>(null);
  const svg = () => graphPictureSvg({ document, directed, width, height });
  const saveSvg = () =>
    downloadBlob({
      blob: new Blob([svg()], { type: "image/svg+xml" }),
      name: fileNameFrom({ text: document.title, extension: "svg" }),
    });
  const savePng = async () => {
    setError(null);
    try {
      const blob = await graphPicturePng(svg(), width, height);
      downloadBlob({ blob, name: fileNameFrom({ text: document.title, extension: "png" }) });
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "The picture could not be saved.");
    }
  };
  return (
    <div
      className="flex flex-wrap items-center gap-1 text-xs"
      data-testid="graph-picture-downloads"
    >
      <button
        type="button"
        className={smallButtonClass}
        onClick={savePng}
        aria-label={`Download the picture of ${document.title} as PNG`}
        data-testid="graph-picture-download-png"
      >
        Download PNG
      </button>
      <button
        type="button"
        className={smallButtonClass}
        onClick={saveSvg}
        aria-label={`Download the picture of ${document.title} as SVG`}
        data-testid="graph-picture-download-svg"
      >
        Download SVG
      </button>
      {error ? (
        <span role="alert" className="text-red-700">
          {error}
        </span>
      ) : null}
    </div>
  );
}
