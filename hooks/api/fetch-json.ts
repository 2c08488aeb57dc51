import type { z } from "zod";
import { ApiRequestError } from "./api-request-error";
import { errorFromResponse } from "./error-from-response";

/** Fetches JSON from the app's API and validates it, so a contract drift fails loudly here, not deep in a component. */
export async function fetchJson<Schema extends z.ZodType>({
  url,
  schema,
  init,
}: {
  url: string;
  schema: Schema;
  init?: RequestInit;
}): Promise<z.infer<Schema>> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: { Accept: "application/json", ...init?.headers },
    });
  } catch {
    throw new ApiRequestError({
      status: 0,
      code: "NETWORK_ERROR",
      message: "The server could not be reached. Check that the app is running.",
    });
  }
  const bodyText = await response.text();
  if (!response.ok) throw errorFromResponse({ status: response.status, bodyText });

  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    throw new ApiRequestError({
      status: response.status,
      code: "INVALID_RESPONSE",
      message: `${url} did not answer with JSON.`,
    });
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiRequestError({
      status: response.status,
      code: "INVALID_RESPONSE",
      message: `${url} answered in an unexpected shape.`,
      details: parsed.error.issues,
    });
  }
  return parsed.data;
}
