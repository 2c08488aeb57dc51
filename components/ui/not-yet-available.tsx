import type { ReactNode } from "react";
import { PageHeader } from "./page-header";

/**
 * An honest placeholder for a page whose feature is not built yet: it says what will be here
 * and shows no invented data.
 */
export function NotYetAvailable({
  title,
  summary,
  plannedFeatures,
  children,
}: {
  title: string;
  summary: string;
  plannedFeatures: string[];
  children?: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} description={summary} />
      <section
        data-testid="not-yet-available"
        aria-labelledby="not-yet-available-heading"
        className="max-w-2xl rounded-lg border border-amber-200 bg-amber-50 p-5 text-sm text-amber-950"
      >
        <h2 id="not-yet-available-heading" className="flex items-center gap-2 font-semibold">
          <span className="rounded-full bg-amber-200 px-2 py-0.5 text-xs font-medium uppercase tracking-wide">
            Not yet available
          </span>
          This page is not built yet.
        </h2>
        <p className="mt-3">When it is, you will be able to:</p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {plannedFeatures.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
        {children ? <div className="mt-3">{children}</div> : null}
      </section>
    </>
  );
}
