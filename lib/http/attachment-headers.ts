// Client-safe helpers for download responses; kept free of server imports so unit tests and
// both download routes (workspace files, reports) build the same headers.

/** The longest file name a download offers; browsers and file systems cut around 255 bytes. */
const maxFileNameLength = 180;

/**
 * A file name safe to offer in `Content-Disposition`: only the last path segment, no control
 * characters, quotes, backslashes, slashes or leading dots (so `../../etc/passwd` becomes
 * `passwd`, `"a".csv` becomes `_a_.csv`), and never empty.
 */
export function sanitiseDownloadName({
  name,
  fallback = "download",
}: {
  name: string;
  fallback?: string;
}): string {
  const lastSegment =
    name
      .split(/[\\/]/)
      .filter((part) => part.length > 0)
      .at(-1) ?? "";
  const cleaned = lastSegment
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, "")
    .replace(/["'`;<>|*?:%]/g, "_")
    .replace(/^[.\s]+/, "")
    .replace(/[.\s]+$/, "")
    .trim();
  const bounded =
    cleaned.length > maxFileNameLength
      ? cleaned.slice(cleaned.length - maxFileNameLength)
      : cleaned;
  return bounded.length > 0 ? bounded : fallback;
}

/** RFC 5987 encoding for `filename*`, which also escapes the characters RFC 3986 leaves alone. */
function encodeExtendedValue(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*!]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * `attachment; filename="…"; filename*=UTF-8''…`: the quoted form is plain ASCII (anything else
 * becomes `_`) for old clients; the extended form keeps the real (sanitised) name.
 */
export function contentDispositionAttachment({ name }: { name: string }): string {
  const safe = sanitiseDownloadName({ name });
  const ascii = safe.replace(/[^\x20-\x7e]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeExtendedValue(safe)}`;
}

/**
 * Headers of every download: an attachment (never shown inline), no type sniffing, and a
 * CSP that makes even an HTML file inert if a browser opens it anyway.
 */
export function downloadHeaders({
  name,
  contentType,
  bytes,
}: {
  name: string;
  contentType: string;
  bytes?: number;
}): Headers {
  const headers = new Headers({
    "Content-Type": contentType,
    "Content-Disposition": contentDispositionAttachment({ name }),
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    "Cache-Control": "private, no-store",
  });
  if (bytes !== undefined) headers.set("Content-Length", String(bytes));
  return headers;
}
