import type { ConstructionStatus } from "@/lib/contracts/dataset";

const presentation: Record<ConstructionStatus, { label: string; className: string }> = {
  none: { label: "Not built", className: "bg-slate-100 text-slate-700 ring-slate-300" },
  building: { label: "Building", className: "bg-blue-50 text-blue-800 ring-blue-200" },
  ready: { label: "Ready", className: "bg-emerald-50 text-emerald-800 ring-emerald-200" },
  failed: { label: "Failed", className: "bg-red-50 text-red-800 ring-red-200" },
};

/** Whether a graph has been built from the dataset, and which revision is current. */
export function ConstructionStatusBadge({
  status,
  revision,
}: {
  status: ConstructionStatus;
  revision: number | null | undefined;
}) {
  const { label, className } = presentation[status];
  return (
    <span
      data-testid="construction-status"
      data-status={status}
      className={`inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${className}`}
    >
      {status === "building" ? (
        <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-blue-600" />
      ) : null}
      {label}
      {revision !== null && revision !== undefined ? (
        <span data-testid="construction-revision" className="font-normal">
          {" "}
          · revision {revision}
        </span>
      ) : null}
    </span>
  );
}
