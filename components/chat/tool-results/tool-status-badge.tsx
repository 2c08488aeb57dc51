const presentation: Record<string, { label: string; className: string }> = {
  running: { label: "Running", className: "bg-blue-50 text-blue-800 ring-blue-200" },
  succeeded: { label: "Succeeded", className: "bg-emerald-50 text-emerald-800 ring-emerald-200" },
  failed: { label: "Failed", className: "bg-red-50 text-red-800 ring-red-200" },
  blocked: { label: "Blocked", className: "bg-amber-50 text-amber-900 ring-amber-200" },
  awaiting_approval: {
    label: "Awaiting approval",
    className: "bg-violet-50 text-violet-800 ring-violet-200",
  },
  cancelled: { label: "Cancelled", className: "bg-slate-100 text-slate-700 ring-slate-300" },
  rejected: { label: "Rejected", className: "bg-slate-100 text-slate-700 ring-slate-300" },
};

/** Human label of a tool call status; unknown (newer) statuses are shown as sent. */
export function toolStatusLabel(status: string): string {
  return presentation[status]?.label ?? status.replace(/_/g, " ");
}

/** A tool call's live status. */
export function ToolStatusBadge({ status }: { status: string }) {
  const { className } = presentation[status] ?? {
    className: "bg-slate-100 text-slate-700 ring-slate-300",
  };
  return (
    <span
      data-testid="tool-card-status"
      data-status={status}
      className={`inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${className}`}
    >
      {status === "running" ? (
        <span
          aria-hidden="true"
          className="size-2.5 animate-spin rounded-full border-2 border-blue-200 border-t-blue-700"
        />
      ) : null}
      {toolStatusLabel(status)}
    </span>
  );
}
