import type { ArgsChange } from "./args-diff";

function compact(value: unknown): string {
  const text = JSON.stringify(value) ?? "undefined";
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

const kindLabel: Record<ArgsChange["kind"], string> = {
  added: "added",
  removed: "removed",
  changed: "changed",
};

/** The keys a Modify changes against the recorded arguments, with old and new values. */
export function ApprovalArgsDiff({ changes, id }: { changes: ArgsChange[]; id: string }) {
  if (changes.length === 0) {
    return (
      <p id={id} className="text-xs text-slate-600" data-testid="approval-args-diff-empty">
        No change yet: these are the proposed arguments.
      </p>
    );
  }
  return (
    <div id={id} className="space-y-1" data-testid="approval-args-diff">
      <p className="text-xs font-medium text-slate-700">
        {changes.length === 1 ? "1 argument differs" : `${changes.length} arguments differ`} from
        the proposal:
      </p>
      <ul className="space-y-0.5 font-mono text-[11px]">
        {changes.map((change) => (
          <li
            key={change.key}
            data-testid="approval-args-diff-entry"
            data-key={change.key}
            data-kind={change.kind}
            className="break-all"
          >
            <span className="font-semibold text-slate-900">{change.key}</span>{" "}
            <span className="font-sans text-slate-500">({kindLabel[change.kind]})</span>{" "}
            {change.kind !== "added" ? (
              <del className="bg-red-50 text-red-800">{compact(change.before)}</del>
            ) : null}
            {change.kind === "changed" ? " → " : null}
            {change.kind !== "removed" ? (
              <ins className="bg-emerald-50 text-emerald-800 no-underline">
                {compact(change.after)}
              </ins>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
