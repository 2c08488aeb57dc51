import type { z } from "zod";
import { ApiRequestError } from "./api-request-error";
import { errorFromResponse } from "./error-from-response";

/**
 * Posts a multipart form and parses the JSON answer with `schema`, reporting the bytes sent.
 * XMLHttpRequest, not fetch: only XHR reports upload progress in browsers today, and a progress
 * bar must show real bytes sent.
 */
export function postFormWithProgress<Schema extends z.ZodType>({
  url,
  form,
  schema,
  signal,
  onProgress,
  onSent,
  unexpectedShapeMessage,
}: {
  url: string;
  form: FormData;
  schema: Schema;
  signal?: AbortSignal;
  /** Fraction of the request body sent, 0..1. */
  onProgress: (fraction: number) => void;
  /** The whole body is sent; the server is now checking and storing it. */
  onSent?: () => void;
  /** What to say when the server stored it but answered in an unexpected shape. */
  unexpectedShapeMessage: string;
}): Promise<z.infer<Schema>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.setRequestHeader("Accept", "application/json");
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.upload.addEventListener("load", () => onSent?.());
    request.addEventListener("load", () => {
      if (request.status < 200 || request.status >= 300) {
        reject(errorFromResponse({ status: request.status, bodyText: request.responseText }));
        return;
      }
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      const parsed = schema.safeParse(body);
      if (!parsed.success) {
        reject(
          new ApiRequestError({
            status: request.status,
            code: "INVALID_RESPONSE",
            message: unexpectedShapeMessage,
            details: parsed.error.issues,
          }),
        );
        return;
      }
      resolve(parsed.data);
    });
    // A server that rejects early (e.g. on Content-Length) may close the connection mid-body;
    // the browser then reports a network error instead of the answer.
    request.addEventListener("error", () =>
      reject(
        new ApiRequestError({
          status: 0,
          code: "NETWORK_ERROR",
          message: "The connection broke during the upload. Check the file and try again.",
        }),
      ),
    );
    request.addEventListener("abort", () =>
      reject(new ApiRequestError({ status: 0, code: "CANCELLED", message: "Upload cancelled." })),
    );
    if (signal?.aborted) {
      request.abort();
      return;
    }
    signal?.addEventListener("abort", () => request.abort(), { once: true });
    request.send(form);
  });
}
