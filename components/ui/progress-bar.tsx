/** A determinate progress bar that assistive technology reads as a percentage. */
export function ProgressBar({
  value,
  label,
  tone = "active",
  testId,
}: {
  /** 0..100 */
  value: number;
  label: string;
  tone?: "active" | "success" | "failure";
  testId?: string;
}) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  const barColour =
    tone === "success" ? "bg-emerald-500" : tone === "failure" ? "bg-red-500" : "bg-blue-600";
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      aria-valuetext={`${clamped}%`}
      data-testid={testId}
      className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
    >
      <div
        className={`h-full rounded-full transition-[width] duration-150 ${barColour}`}
        style={{ width: `${clamped}%` }}
      />
    </div>
  );
}
