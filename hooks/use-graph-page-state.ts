"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import {
  type GraphColorBy,
  type GraphSizeBy,
  graphColorBySchema,
  graphSizeByOptions,
} from "@/lib/contracts/graph-layout-document";

export const graphNodeLimitOptions = [200, 500, 1000, 2000, 5000] as const;
const defaultNodeLimit = 1000;

export type GraphPageState = {
  datasetId: string | null;
  /** Null: the newest ready revision. */
  revision: number | null;
  colorBy: GraphColorBy;
  sizeBy: GraphSizeBy;
  limit: number;
  /** A node to show first (the chat's "Open in Graph page" passes the one chosen there). */
  nodeId: string | null;
};

function pickOption<Option extends string | number>(
  options: readonly Option[],
  raw: string | null,
  fallback: Option,
): Option {
  return options.find((option) => String(option) === raw) ?? fallback;
}

/**
 * The graph page's choices, kept in the address (?dataset=&revision=&color=&size=&limit=) so a
 * reload or a shared link shows the same drawing (&node= names a node to select first). Unknown
 * values fall back to the defaults. Choosing a node writes it into the address too, so the
 * link selects and centres it again.
 */
export function useGraphPageState(): [GraphPageState, (change: Partial<GraphPageState>) => void] {
  const searchParams = useSearchParams();
  const pathname = usePathname();

  const state = useMemo<GraphPageState>(() => {
    const revision = Number(searchParams.get("revision"));
    return {
      datasetId: searchParams.get("dataset") || null,
      revision: Number.isInteger(revision) && revision > 0 ? revision : null,
      // A property the graph lacks is refused by the view, which says which ones it has.
      colorBy: graphColorBySchema.catch("community").parse(searchParams.get("color") ?? undefined),
      sizeBy: pickOption(graphSizeByOptions, searchParams.get("size"), "pagerank"),
      limit: pickOption(graphNodeLimitOptions, searchParams.get("limit"), defaultNodeLimit),
      nodeId: searchParams.get("node") || null,
    };
  }, [searchParams]);

  const update = useCallback(
    (change: Partial<GraphPageState>) => {
      const next = { ...state, ...change };
      // Another dataset has other revisions: its own newest one is the sensible start.
      if (change.datasetId !== undefined && change.datasetId !== state.datasetId) {
        next.revision = change.revision ?? null;
      }
      // A node belongs to one drawing: another dataset or revision drops it.
      if (next.datasetId !== state.datasetId || next.revision !== state.revision) {
        next.nodeId = change.nodeId ?? null;
      }
      const search = new URLSearchParams();
      if (next.datasetId) search.set("dataset", next.datasetId);
      if (next.revision !== null) search.set("revision", String(next.revision));
      if (next.colorBy !== "community") search.set("color", next.colorBy);
      if (next.sizeBy !== "pagerank") search.set("size", next.sizeBy);
      if (next.limit !== defaultNodeLimit) search.set("limit", String(next.limit));
      if (next.nodeId) search.set("node", next.nodeId);
      const query = search.toString();
      // The native call, not router.replace: Next keeps useSearchParams in sync with it, and it
      // neither refetches the page from the server nor scrolls.
      window.history.replaceState(null, "", query ? `${pathname}?${query}` : pathname);
    },
    [state, pathname],
  );

  return [state, update];
}
