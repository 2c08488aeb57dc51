"use client";

import { useCallback, useMemo, useState } from "react";
import type { GraphPageState } from "@/hooks/use-graph-page-state";
import type { GraphColorBy, GraphLayoutDocument } from "@/lib/contracts/graph-layout-document";

/** Legend groups hidden under one colouring; another colouring starts with all shown. */
type HiddenGroups = { colorBy: GraphColorBy; groups: ReadonlySet<number> };

/** A request to move the camera onto a node; a new object each time, even for the same node. */
export type GraphCentreRequest = { nodeId: string };

/**
 * What an explorer of one revision has done: the chosen node (kept in the address), the
 * camera's last centring request, the nodes expanded into the view, the hidden nodes and legend
 * groups. Hidden groups belong to the colouring they were chosen under.
 */
export function useGraphExploration({
  initialNodeId,
  onChange,
}: {
  initialNodeId: string | null;
  onChange: (change: Partial<GraphPageState>) => void;
}) {
  const [selectedNodeId, setSelectedNodeId] = useState<string | null>(initialNodeId);
  const [centreRequest, setCentreRequest] = useState<GraphCentreRequest | null>(
    initialNodeId ? { nodeId: initialNodeId } : null,
  );
  const [focus, setFocus] = useState<string[]>([]);
  const [hiddenNodeIds, setHiddenNodeIds] = useState<ReadonlySet<string>>(new Set());
  const [hiddenGroups, setHiddenGroups] = useState<HiddenGroups | null>(null);

  const select = useCallback(
    (nodeId: string | null) => {
      setSelectedNodeId(nodeId);
      onChange({ nodeId });
    },
    [onChange],
  );

  return {
    selectedNodeId,
    centreRequest,
    focus,
    hiddenNodeIds,
    select,
    centre: (nodeId: string) => setCentreRequest({ nodeId }),
    selectAndCentre: (nodeId: string) => {
      select(nodeId);
      setCentreRequest({ nodeId });
    },
    /** Adds the node's neighbours to the view (a new view is laid out) and centres on it. */
    expand: (nodeId: string) => {
      setFocus((current) => (current.includes(nodeId) ? current : [...current, nodeId]));
      setCentreRequest({ nodeId });
    },
    hide: (nodeId: string) => {
      setHiddenNodeIds((current) => new Set([...current, nodeId]));
      if (selectedNodeId === nodeId) select(null);
    },
    showAll: () => {
      setHiddenNodeIds(new Set());
      setHiddenGroups(null);
    },
    /** The legend groups hidden under the document's colouring. */
    hiddenGroupsOf: (document: GraphLayoutDocument | undefined): ReadonlySet<number> =>
      hiddenGroups && document && hiddenGroups.colorBy === document.colorBy
        ? hiddenGroups.groups
        : noGroups,
    toggleGroup: (document: GraphLayoutDocument, group: number, visible: boolean) => {
      const groups = new Set(
        hiddenGroups?.colorBy === document.colorBy ? hiddenGroups.groups : noGroups,
      );
      if (visible) groups.delete(group);
      else groups.add(group);
      setHiddenGroups({ colorBy: document.colorBy, groups });
    },
  };
}

const noGroups: ReadonlySet<number> = new Set();

/** The filter an exploration applies to a document, memoised on what it depends on. */
export function useExplorationFilter(
  exploration: ReturnType<typeof useGraphExploration>,
  document: GraphLayoutDocument | undefined,
) {
  const groups = exploration.hiddenGroupsOf(document);
  const { hiddenNodeIds } = exploration;
  return useMemo(() => ({ hiddenNodeIds, hiddenGroups: groups }), [hiddenNodeIds, groups]);
}
