/** TC-3, said plainly wherever a report is shown. */
export function ReportDisclaimer() {
  return (
    <p
      role="note"
      data-testid="report-disclaimer"
      className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
    >
      This report explains the results the tools returned; it is not a proof of business
      correctness. Check its conclusions against what you know of the business.
    </p>
  );
}
