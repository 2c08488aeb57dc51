"use client";

import { useId } from "react";
import {
  type GraphColorBy,
  type GraphSizeBy,
  graphColorByOptions,
  graphColorByPropertyPrefix,
  graphColorBySchema,
  graphSizeByOptions,
} from "@/lib/contracts/graph-layout-document";
import { graphLabelClass, graphSelectClass } from "./graph-control-styles";
import { colorByPropertyName } from "./graph-legend-entries";
import { colorByLabels, sizeByLabels } from "./graph-option-labels";

/**
 * How the drawing encodes nodes: colour by community, node type or any node property of the
 * graph (categorical), size by a centrality measure. Native, labelled selects.
 */
export function GraphStyleControls({
  colorBy,
  sizeBy,
  propertyNames,
  onChange,
}: {
  colorBy: GraphColorBy;
  sizeBy: GraphSizeBy;
  /** The graph's node properties (known once a view has loaded). */
  propertyNames: readonly string[];
  onChange: (change: { colorBy?: GraphColorBy; sizeBy?: GraphSizeBy }) => void;
}) {
  const colorId = useId();
  const sizeId = useId();
  const current = colorByPropertyName(colorBy);
  // The address may name a property before the view has said which ones exist.
  const properties =
    current !== null && !propertyNames.includes(current)
      ? [...propertyNames, current]
      : propertyNames;

  return (
    <section
      aria-label="Colour and size"
      data-testid="graph-style-controls"
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-2 lg:grid-cols-1"
    >
      <div>
        <label htmlFor={colorId} className={graphLabelClass}>
          Colour by
        </label>
        <select
          id={colorId}
          className={graphSelectClass}
          value={colorBy}
          onChange={(event) => onChange({ colorBy: graphColorBySchema.parse(event.target.value) })}
          data-testid="graph-color-select"
        >
          {graphColorByOptions.map((option) => (
            <option key={option} value={option}>
              {colorByLabels[option]}
            </option>
          ))}
          {properties.length > 0 ? (
            <optgroup label="Node property">
              {properties.map((name) => (
                <option key={name} value={`${graphColorByPropertyPrefix}${name}`}>
                  Property: {name}
                </option>
              ))}
            </optgroup>
          ) : null}
        </select>
      </div>
      <div>
        <label htmlFor={sizeId} className={graphLabelClass}>
          Size by
        </label>
        <select
          id={sizeId}
          className={graphSelectClass}
          value={sizeBy}
          onChange={(event) => onChange({ sizeBy: event.target.value as GraphSizeBy })}
          data-testid="graph-size-select"
        >
          {graphSizeByOptions.map((option) => (
            <option key={option} value={option}>
              {sizeByLabels[option]}
            </option>
          ))}
        </select>
      </div>
    </section>
  );
}
