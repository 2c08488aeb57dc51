import { ApiRequestError } from "@/hooks/api/api-request-error";
import { quietButtonClass } from "../ui/button-styles";
import { ErrorState } from "../ui/error-state";

/** The conversation could not be read: gone (404, with a way back) or failed (with a retry). */
export function ConversationLoadError({
  error,
  isRetrying,
  onRetry,
  onLeave,
}: {
  error: Error;
  isRetrying: boolean;
  onRetry: () => void;
  onLeave: () => void;
}) {
  const missing = error instanceof ApiRequestError && error.status === 404;
  return (
    <div className="space-y-3">
      <ErrorState
        title={
          missing
            ? "This conversation does not exist (any more)."
            : "The conversation could not be loaded."
        }
        error={error}
        onRetry={missing ? undefined : onRetry}
        isRetrying={isRetrying}
        testId="conversation-error"
      />
      {missing ? (
        <button type="button" className={quietButtonClass} onClick={onLeave}>
          Back to the conversations
        </button>
      ) : null}
    </div>
  );
}
