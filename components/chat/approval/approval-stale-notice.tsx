/** Why a decision was not applied: the server refused it as stale (409 APPROVAL_CONFLICT). */
export function ApprovalStaleNotice() {
  return (
    <div
      role="alert"
      className="rounded-md border border-amber-300 bg-amber-50 p-3 text-xs text-amber-950"
      data-testid="approval-stale"
    >
      That approval was no longer current: the step was already decided (perhaps in another tab) or
      the run had moved on, so your decision was not applied. The run was reloaded and is shown as
      it is now. <code className="rounded bg-amber-100 px-1 py-0.5">APPROVAL_CONFLICT</code>
    </div>
  );
}
