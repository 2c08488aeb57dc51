"use client";

import { describeError } from "@/hooks/api/api-request-error";
import { secondaryButtonClass } from "./button-styles";

/** A failed load: what failed, the server's code and message, and a way to try again. */
export function ErrorState({
  title,
  error,
  onRetry,
  isRetrying = false,
  testId = "error-state",
}: {
  title: string;
  error: unknown;
  onRetry?: () => void;
  isRetrying?: boolean;
  testId?: string;
}) {
  const { code, message } = describeError(error);
  return (
    <div
      role="alert"
      data-testid={testId}
      className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900"
    >
      <p className="font-medium">{title}</p>
      <p className="mt-1">
        {message} <code className="rounded bg-red-100 px-1 py-0.5 text-xs">{code}</code>
      </p>
      {onRetry ? (
        <button
          type="button"
          className={`${secondaryButtonClass} mt-3`}
          onClick={onRetry}
          disabled={isRetrying}
          data-testid={`${testId}-retry`}
        >
          {isRetrying ? "Retrying…" : "Retry"}
        </button>
      ) : null}
    </div>
  );
}
