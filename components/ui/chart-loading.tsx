/** The placeholder a chart shows while recharts (loaded on demand) is still on its way. */
export function ChartLoading({ height }: { height: 260 | 300 }) {
  return (
    <div
      aria-busy="true"
      className={`${height === 260 ? "h-[260px]" : "h-[300px]"} animate-pulse rounded bg-slate-100`}
    >
      <span className="sr-only">Loading the chart…</span>
    </div>
  );
}
