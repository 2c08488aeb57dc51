"use client";

import { type KeyboardEvent, useEffect, useId, useMemo, useState } from "react";
import type { GraphLayoutNode } from "@/lib/contracts/graph-layout-document";
import { rankNodeMatches } from "./rank-node-matches";

function optionText(node: GraphLayoutNode): string {
  return node.label && node.label !== node.id ? `${node.label} (${node.id})` : node.id;
}

/**
 * "Find a node": a combobox that suggests drawn nodes by id or label as one types (ARIA 1.2
 * combobox with a listbox popup: arrows move, Enter chooses, Escape closes then clears).
 * Choosing a node selects and centres it; the box then shows the chosen node's id.
 */
export function GraphNodeSearch({
  nodes,
  selectedNodeId,
  onChoose,
}: {
  nodes: readonly GraphLayoutNode[];
  selectedNodeId: string | null;
  onChoose: (nodeId: string) => void;
}) {
  const inputId = useId();
  const listboxId = useId();
  const [query, setQuery] = useState(selectedNodeId ?? "");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  // A node chosen elsewhere (a click in the drawing, a link) shows here too.
  useEffect(() => {
    setQuery(selectedNodeId ?? "");
    setOpen(false);
  }, [selectedNodeId]);

  const matches = useMemo(() => rankNodeMatches({ nodes, query }), [nodes, query]);
  const expanded = open && matches.length > 0;
  const activeIndex = Math.min(active, matches.length - 1);
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  const choose = (node: GraphLayoutNode) => {
    setQuery(node.id);
    setOpen(false);
    onChoose(node.id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!expanded) {
        setOpen(true);
        setActive(event.key === "ArrowDown" ? 0 : matches.length - 1);
        return;
      }
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((activeIndex + step + matches.length) % matches.length);
    } else if (event.key === "Enter") {
      if (expanded && matches[activeIndex]) {
        event.preventDefault();
        choose(matches[activeIndex]);
      }
    } else if (event.key === "Escape") {
      if (expanded) setOpen(false);
      else setQuery("");
    }
  };

  return (
    <div className="relative">
      <label htmlFor={inputId} className="mb-1 block text-xs font-medium text-slate-700">
        Find a node
      </label>
      <input
        id={inputId}
        type="text"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-autocomplete="list"
        aria-activedescendant={expanded ? optionId(activeIndex) : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder="Id or label"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={(event) => event.target.select()}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        data-testid="graph-node-search"
        className="block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
      />
      <div
        id={listboxId}
        role="listbox"
        aria-label="Matching nodes"
        hidden={!expanded}
        data-testid="graph-node-search-options"
        className="absolute z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg"
      >
        {expanded
          ? matches.map((node, index) => (
              <div
                key={node.id}
                id={optionId(index)}
                role="option"
                // Focus stays in the box (aria-activedescendant); -1 only makes options focusable.
                tabIndex={-1}
                aria-selected={index === activeIndex}
                data-testid="graph-node-search-option"
                data-node-id={node.id}
                // mousedown, not click: the input keeps focus and does not close the list first.
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(node);
                }}
                onMouseEnter={() => setActive(index)}
                className={`flex cursor-pointer items-center gap-2 px-2 py-1 ${
                  index === activeIndex ? "bg-blue-50 text-blue-900" : "text-slate-800"
                }`}
              >
                <span
                  aria-hidden="true"
                  className="size-2.5 shrink-0 rounded-full ring-1 ring-black/10"
                  style={{ backgroundColor: node.color }}
                />
                <span className="min-w-0 flex-1 truncate">{optionText(node)}</span>
                <span className="shrink-0 font-mono text-xs text-slate-500">{node.type}</span>
              </div>
            ))
          : null}
      </div>
      <p className="sr-only" aria-live="polite">
        {open && query.trim() !== ""
          ? `${matches.length === 0 ? "No" : matches.length} matching ${matches.length === 1 ? "node" : "nodes"}`
          : ""}
      </p>
    </div>
  );
}
