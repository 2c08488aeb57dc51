import { isStateChangingMethod } from "./check-request-origin";

export type ContentTypeCheck =
  | { ok: true }
  | { ok: false; expected: "application/json" | "multipart/form-data"; received: string | null };

// Upload routes stream multipart bodies; every other API route reads JSON (docs/api.md).
const datasetsRoute = /^\/api\/projects\/[^/]+\/datasets\/?$/;
const multipartRoutes = [datasetsRoute, /^\/api\/skills\/upload\/?$/];

/**
 * JSON routes take bodies only as `application/json` (SEC-2). That media type is not one a page
 * may send cross-site without a CORS preflight, unlike text/plain or form encodings, so the rule
 * closes the "simple request" path even if an origin check were ever bypassed. A state change
 * without a body (and without a content type) passes: there is nothing to misread.
 */
export function checkRequestContentType({
  method,
  pathname,
  contentType,
  hasBody,
}: {
  method: string;
  pathname: string;
  contentType: string | null;
  hasBody: boolean;
}): ContentTypeCheck {
  if (!isStateChangingMethod({ method }) || !pathname.startsWith("/api/")) return { ok: true };
  const mediaType = contentType?.split(";")[0]?.trim().toLowerCase() || null;
  if (mediaType === null && !hasBody) return { ok: true };
  // The datasets route also takes JSON: a live database source is named, not uploaded.
  if (mediaType === "application/json" && datasetsRoute.test(pathname)) return { ok: true };
  const expected = multipartRoutes.some((route) => route.test(pathname))
    ? "multipart/form-data"
    : "application/json";
  return mediaType === expected ? { ok: true } : { ok: false, expected, received: mediaType };
}
