import { previewFacts, previewFailure } from "./approval-preview-facts";

function prettyJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? "null";
  } catch {
    return String(value);
  }
}

/**
 * What approving would change, from a preview of the same operations (AP-5): the counts it
 * reports, node and edge totals before → after, a sample of touched nodes and its warnings.
 * A preview in a shape it cannot read is shown as JSON rather than hidden.
 */
export function ApprovalPreview({ preview }: { preview: unknown }) {
  if (preview === null || preview === undefined) return null;
  const failure = previewFailure(preview);
  if (failure) {
    return (
      <p className="text-xs text-amber-900" data-testid="approval-preview-failed">
        The effect could not be previewed: {failure.message || "no reason given"}{" "}
        <code className="rounded bg-amber-100 px-1 py-0.5">{failure.code}</code>. Check the
        arguments before approving.
      </p>
    );
  }
  const facts = previewFacts(preview);
  if (!facts) {
    return (
      <div data-testid="approval-preview" className="space-y-1">
        <p className="text-xs font-medium text-slate-700">Preview of the effect</p>
        <pre className="max-h-48 overflow-auto rounded bg-white p-2 font-mono text-[11px] text-slate-800 ring-1 ring-slate-200">
          {prettyJson(preview)}
        </pre>
      </div>
    );
  }
  return (
    <div data-testid="approval-preview" className="space-y-2">
      <p className="text-xs font-medium text-slate-700">
        Preview of the effect
        {facts.baseRevision !== null ? ` (against revision ${facts.baseRevision})` : ""} — nothing
        is saved until you approve.
      </p>
      {facts.sizes.length > 0 ? (
        <ul className="flex flex-wrap gap-3 text-xs text-slate-800" aria-label="Graph size">
          {facts.sizes.map((size) => (
            <li key={size.key} data-testid="approval-preview-size" data-key={size.key}>
              {size.label}: <span className="font-mono">{size.before}</span> →{" "}
              <span className="font-mono font-semibold">{size.after}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {facts.counts.length > 0 ? (
        <dl className="grid grid-cols-[auto_auto] justify-start gap-x-4 gap-y-0.5 text-xs">
          {facts.counts.map((count) => (
            <div key={count.key} className="contents" data-testid="approval-preview-count">
              <dt className="text-slate-600">{count.label}</dt>
              <dd className="font-mono text-slate-900" data-key={count.key}>
                {count.value}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {facts.touchedNodeIds.length > 0 ? (
        <p className="break-words text-xs text-slate-700" data-testid="approval-preview-touched">
          Touched nodes
          {facts.touchedNodeCount !== null && facts.touchedNodeCount > facts.touchedNodeIds.length
            ? ` (first ${facts.touchedNodeIds.length} of ${facts.touchedNodeCount})`
            : ""}
          : <span className="font-mono">{facts.touchedNodeIds.join(", ")}</span>
        </p>
      ) : null}
      {facts.warnings.length > 0 ? (
        <ul className="list-disc pl-5 text-xs text-amber-900" aria-label="Preview warnings">
          {facts.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
