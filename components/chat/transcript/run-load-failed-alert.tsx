import { describeError } from "@/hooks/api/api-request-error";
import { secondaryButtonClass } from "../../ui/button-styles";

/** The run could not be read at all, with a retry. */
export function RunLoadFailedAlert({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900"
      data-testid="run-load-error"
    >
      This run could not be loaded: {describeError(error).message}{" "}
      <code className="rounded bg-red-100 px-1 py-0.5 text-xs">{describeError(error).code}</code>
      <button type="button" className={`${secondaryButtonClass} ml-2`} onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
