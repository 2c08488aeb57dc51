import type { ReactNode } from "react";

/** Nothing to show yet, and what would make something appear. */
export function EmptyState({
  title,
  children,
  testId = "empty-state",
}: {
  title: string;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <div
      data-testid={testId}
      className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center"
    >
      <p className="font-medium text-slate-800">{title}</p>
      {children ? <div className="mt-2 text-sm text-slate-600">{children}</div> : null}
    </div>
  );
}
