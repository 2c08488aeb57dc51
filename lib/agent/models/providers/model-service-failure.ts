import { APICallError, RetryError } from "ai";

/**
 * A sentence for a run that failed because the model service itself failed (unreachable, a
 * refused key, an HTTP error), or null when the error is something else. These are the user's
 * own configuration problems, so the page says what happened and where — unlike other foreign
 * errors, whose details stay in the server log. Only the URL's origin and path and the HTTP
 * status are shown: never a header, a query string or the response body.
 */
export function describeModelServiceFailure(error: unknown): string | null {
  const attempts = RetryError.isInstance(error) ? error.errors.length : 1;
  const last = RetryError.isInstance(error) ? error.lastError : error;
  if (!APICallError.isInstance(last)) return null;
  const where = safeAddress(last.url);
  const tries = attempts > 1 ? ` after ${attempts} attempts` : "";
  if (last.statusCode === 401 || last.statusCode === 403) {
    return `The model service at ${where} refused the request (HTTP ${last.statusCode})${tries}: check the model's API key.`;
  }
  if (last.statusCode !== undefined) {
    return `The model service at ${where} answered HTTP ${last.statusCode}${tries}.`;
  }
  const cause = last.cause instanceof Error ? `: ${last.cause.message}` : "";
  return `The model service at ${where} could not be reached${tries}${cause}. Check its address and that it is running.`;
}

function safeAddress(url: string): string {
  if (!URL.canParse(url)) return "its configured address";
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}
