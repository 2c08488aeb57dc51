/** The run itself failed: its error message and code. */
export function RunFailedAlert({ error }: { error: { message: string; code: string } }) {
  return (
    <div
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900"
      data-testid="run-error"
    >
      The run failed: {error.message}{" "}
      <code className="rounded bg-red-100 px-1 py-0.5 text-xs" data-testid="run-error-code">
        {error.code}
      </code>
    </div>
  );
}
