import { errorEnvelopeSchema } from "@/lib/contracts/error-envelope";
import { ApiRequestError } from "./api-request-error";

/** Builds an ApiRequestError from a failed response body; proxies and crashes may not send the envelope. */
export function errorFromResponse({
  status,
  bodyText,
}: {
  status: number;
  bodyText: string;
}): ApiRequestError {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    body = undefined;
  }
  const envelope = errorEnvelopeSchema.safeParse(body);
  if (envelope.success) return new ApiRequestError({ status, ...envelope.data.error });
  return new ApiRequestError({
    status,
    code: status === 413 ? "PAYLOAD_TOO_LARGE" : `HTTP_${status}`,
    message: `The server answered ${status} without an error description.`,
  });
}
