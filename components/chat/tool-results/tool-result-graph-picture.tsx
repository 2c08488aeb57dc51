"use client";

import Link from "next/link";
import { useId, useState } from "react";
import { ApiRequestError } from "@/hooks/api/api-request-error";
import { useLayoutArtifact } from "@/hooks/use-layout-artifact";
import type { GraphLayoutDocument } from "@/lib/contracts/graph-layout-document";
import { GraphCanvas } from "../../graph/graph-canvas";
import { GraphPictureDownloads } from "../../graph/graph-picture-downloads";
import { ErrorState } from "../../ui/error-state";
import { graphPageHref } from "./graph-page-href";
import { GraphPictureNodes } from "./graph-picture-nodes";

/**
 * The most nodes the chat draws. A chat holds several pictures, each with its own WebGL
 * context and layout in memory; bigger views belong on the Graph page, which is built for them.
 */
export const maxChatPictureNodes = 1500;

function PictureLegend({ document }: { document: GraphLayoutDocument }) {
  if (document.colorBy !== "community" || document.legend.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-700" aria-label="Communities">
      {document.legend.map((entry) => (
        <li
          key={entry.community}
          className="flex items-center gap-1"
          data-testid="graph-picture-legend-item"
          data-color={entry.color}
          data-community={entry.community}
        >
          <span
            aria-hidden="true"
            className="size-2.5 rounded-full ring-1 ring-black/10"
            style={{ backgroundColor: entry.color }}
          />
          Community {entry.community} · {entry.nodeCount}
        </li>
      ))}
    </ul>
  );
}

/**
 * A visualize_subgraph result drawn in the chat (UI-1) from its stored layout document, with
 * the Graph page's WebGL renderer (loaded on demand): communities coloured, centrality sized,
 * labels on hover, every node reachable from the keyboard, and a link to the Graph page that
 * keeps the chosen node. A view too large for the chat says so and links there instead.
 */
export function ToolResultGraphPicture({ artifactId }: { artifactId: string }) {
  const query = useLayoutArtifact(artifactId);
  const [selectedNodeId, setSelectedNodeId] = useState<string | null>(null);
  const nodesHeadingId = useId();

  if (query.isPending) {
    return (
      <div
        className="mt-2 flex h-24 items-center justify-center rounded border border-slate-200 text-xs text-slate-600"
        aria-busy="true"
        data-testid="graph-picture-loading"
      >
        Loading the saved graph view…
      </div>
    );
  }
  if (query.isError) {
    const gone = query.error instanceof ApiRequestError && query.error.status === 404;
    return (
      <div className="mt-2" data-testid="graph-picture-error">
        <ErrorState
          title={
            gone ? "The saved graph view no longer exists." : "The graph view could not be loaded."
          }
          error={query.error}
          onRetry={gone ? undefined : () => query.refetch()}
          isRetrying={query.isFetching}
          testId="graph-picture-load-error"
        />
      </div>
    );
  }
  const document = query.data.content;
  const href = graphPageHref({ document, nodeId: selectedNodeId });
  const openLink = href ? (
    <Link
      href={href}
      className="font-medium text-blue-700 underline"
      data-testid="graph-picture-open-graph-page"
    >
      Open in Graph page
    </Link>
  ) : null;

  if (document.nodes.length > maxChatPictureNodes) {
    return (
      <div
        role="note"
        className="mt-2 rounded border border-amber-200 bg-amber-50 p-3 text-xs text-amber-950"
        data-testid="graph-picture-too-large"
      >
        This view has {document.nodes.length.toLocaleString("en")} nodes, more than the chat draws (
        {maxChatPictureNodes.toLocaleString("en")}).{" "}
        {openLink ?? "The Graph page draws large graphs."}
      </div>
    );
  }
  return (
    <div
      className="mt-2 space-y-2"
      data-testid="graph-picture"
      data-artifact-id={artifactId}
      data-node-count={document.nodes.length}
    >
      <GraphCanvas
        document={document}
        directed={false}
        selectedNodeId={selectedNodeId}
        onSelectNode={setSelectedNodeId}
        isUpdating={false}
        heightClassName="h-80"
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <PictureLegend document={document} />
        <p className="text-xs">{openLink}</p>
      </div>
      <GraphPictureDownloads document={document} directed={false} />
      {document.truncated ? (
        <p className="text-xs text-slate-600">
          The view was cut to its {document.nodes.length} most relevant nodes of{" "}
          {document.graphNodeCount}.
        </p>
      ) : null}
      <GraphPictureNodes
        document={document}
        selectedNodeId={selectedNodeId}
        onSelectNode={setSelectedNodeId}
        headingId={nodesHeadingId}
      />
    </div>
  );
}
