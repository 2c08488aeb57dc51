/** Placeholder while the project's datasets load, shaped like the page that follows. */
export function GraphPageSkeleton() {
  return (
    <div data-testid="graph-page-loading" aria-busy="true">
      <span className="sr-only">Loading the graph page…</span>
      <div aria-hidden="true" className="space-y-4">
        <div className="h-20 animate-pulse rounded-lg bg-slate-200" />
        <div className="h-24 animate-pulse rounded-lg bg-slate-200" />
        <div className="h-[420px] animate-pulse rounded-lg bg-slate-200" />
      </div>
    </div>
  );
}
