"use client";

import { useId } from "react";
import type { Construction } from "@/lib/contracts/construction";
import { graphLabelClass, graphSelectClass } from "./graph-control-styles";

function revisionOptionLabel(construction: Construction, newestReady: number | null): string {
  if (construction.status !== "ready") {
    return `Revision ${construction.revision} — ${construction.status === "failed" ? "failed" : "building…"}`;
  }
  const newest = construction.revision === newestReady ? ", newest" : "";
  return `Revision ${construction.revision} (${construction.node_count} nodes, ${construction.edge_count} edges${newest})`;
}

/** The dataset's graph revision to draw; revisions not ready are listed, disabled. */
export function GraphRevisionSelect({
  constructions,
  revision,
  newestReady,
  onSelect,
}: {
  /** Undefined while the dataset's revisions load. */
  constructions: Construction[] | undefined;
  revision: number | null;
  /** The dataset's newest ready revision; null when none can be drawn. */
  newestReady: number | null;
  onSelect: (revision: number) => void;
}) {
  const revisionId = useId();
  const canDraw = newestReady !== null;
  return (
    <div className="lg:col-span-4">
      <label htmlFor={revisionId} className={graphLabelClass}>
        Revision
      </label>
      <select
        id={revisionId}
        className={graphSelectClass}
        value={revision ?? ""}
        onChange={(event) => onSelect(Number(event.target.value))}
        disabled={!canDraw || constructions === undefined}
        data-testid="graph-revision-select"
      >
        {!canDraw ? <option value="">No ready revision</option> : null}
        {canDraw && constructions === undefined ? (
          <option value={revision ?? ""}>Revision {revision} (loading…)</option>
        ) : null}
        {(constructions ?? []).map((construction) => (
          <option
            key={construction.construction_id}
            value={construction.revision}
            disabled={construction.status !== "ready"}
          >
            {revisionOptionLabel(construction, newestReady)}
          </option>
        ))}
      </select>
    </div>
  );
}
