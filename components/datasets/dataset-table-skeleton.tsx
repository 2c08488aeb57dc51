/** Placeholder rows while the list loads, so the page does not jump when it arrives. */
export function DatasetTableSkeleton() {
  return (
    <div
      data-testid="dataset-table-loading"
      aria-busy="true"
      className="rounded-lg border border-slate-200 bg-white p-3"
    >
      <span className="sr-only">Loading datasets…</span>
      <div aria-hidden="true" className="space-y-3">
        {["first", "second", "third"].map((row) => (
          <div key={row} className="flex gap-4">
            <div className="h-4 w-1/4 animate-pulse rounded bg-slate-200" />
            <div className="h-4 w-1/4 animate-pulse rounded bg-slate-200" />
            <div className="h-4 w-12 animate-pulse rounded bg-slate-200" />
            <div className="h-4 w-16 animate-pulse rounded bg-slate-200" />
            <div className="h-4 flex-1 animate-pulse rounded bg-slate-200" />
          </div>
        ))}
      </div>
    </div>
  );
}
