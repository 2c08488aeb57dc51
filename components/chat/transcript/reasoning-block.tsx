"use client";

import { useEffect, useState } from "react";

/**
 * The run's staged reasoning (`reasoning_delta`): what was checked before acting — is a graph
 * loaded, which dataset and revision, are a model's weights there. Open while the run works,
 * folded once it has finished (a refreshed finished run starts folded); the reader can open or
 * fold it at any time.
 */
export function ReasoningBlock({ text, finished }: { text: string; finished: boolean }) {
  const [open, setOpen] = useState(!finished);
  // The run finishing folds the block once; a later toggle by the reader is kept.
  useEffect(() => {
    if (finished) setOpen(false);
  }, [finished]);
  const lines = text.split("\n").filter((line) => line.trim() !== "");
  return (
    <details
      className="rounded-lg border border-slate-200 bg-white text-sm text-slate-700"
      data-testid="reasoning-block"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="cursor-pointer select-none px-3 py-2 text-xs font-medium text-slate-600">
        Reasoning{" "}
        <span className="font-normal text-slate-500">
          ({lines.length} {lines.length === 1 ? "line" : "lines"})
        </span>
      </summary>
      <div
        className="max-h-72 overflow-y-auto whitespace-pre-wrap border-t border-slate-100 px-3 py-2 font-mono text-xs leading-relaxed"
        data-testid="reasoning-text"
      >
        {text.trim()}
      </div>
    </details>
  );
}
