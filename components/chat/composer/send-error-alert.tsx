import { describeError } from "@/hooks/api/api-request-error";
import { sendErrorDetails } from "./send-error-details";

/** A message that could not start a run: the error, its code and what to do about it. */
export function SendErrorAlert({ id, error }: { id: string; error: unknown }) {
  const described = describeError(error);
  return (
    <div
      id={id}
      role="alert"
      data-testid="send-error"
      className="rounded-md border border-red-200 bg-red-50 p-2 text-xs text-red-900"
    >
      The message was not sent: {described.message}{" "}
      <code className="rounded bg-red-100 px-1 py-0.5" data-testid="send-error-code">
        {described.code}
      </code>
      {sendErrorDetails(error) ? <span className="block">{sendErrorDetails(error)}</span> : null}
    </div>
  );
}
