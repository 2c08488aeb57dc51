function prettyJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? "null";
  } catch {
    return String(value);
  }
}

/**
 * One labelled set of a gated call's arguments (proposed, patched, or what ran), as JSON. The
 * same block on the waiting card and on the decision record, so both read alike.
 */
export function ApprovalArgsBlock({
  label,
  args,
  testId,
  tone = "plain",
}: {
  label: string;
  args: Record<string, unknown>;
  testId: string;
  /** `patched`: the reviewer's arguments, marked so they stand apart from the proposal. */
  tone?: "plain" | "patched";
}) {
  const frame = tone === "patched" ? "ring-emerald-300 bg-emerald-50" : "ring-slate-200 bg-white";
  return (
    <div className="min-w-0 space-y-1">
      <p className="text-xs font-medium text-slate-700">{label}</p>
      <pre
        className={`max-h-60 overflow-auto rounded p-2 font-mono text-[11px] text-slate-800 ring-1 ${frame}`}
        data-testid={testId}
      >
        {prettyJson(args)}
      </pre>
      {Object.keys(args).length === 0 ? (
        <p className="text-xs text-slate-600">This step takes no arguments.</p>
      ) : null}
    </div>
  );
}
