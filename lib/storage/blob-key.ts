/** UNSAFE_BLOB_KEY: a key that is not a plain relative path (a bug: keys come from server ids). */
export class UnsafeBlobKeyError extends Error {
  readonly code = "UNSAFE_BLOB_KEY";
  constructor(key: string) {
    super(`unsafe blob key: ${JSON.stringify(key)}`);
  }
}

// Any printable name (published workspace files keep their user-given names), but never a
// control character or a backslash, which could mean something else to a file system.
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
const segmentPattern = /^[^\x00-\x1f\x7f\\]{1,255}$/;

/**
 * Checks a blob key: relative, slash-separated, no empty segment and never "." or "..", so a
 * key can never leave the data directory nor name two places. Returns the key.
 */
export function assertBlobKey(key: string): string {
  const segments = key.split("/");
  const safe =
    key.length > 0 &&
    key.length <= 1024 &&
    segments.every(
      (segment) => segmentPattern.test(segment) && segment !== "." && segment !== "..",
    );
  if (!safe) throw new UnsafeBlobKeyError(key);
  return key;
}

/** Checks a key prefix: a key, or a key followed by "/" (a folder). */
export function assertBlobPrefix(prefix: string): string {
  assertBlobKey(prefix.endsWith("/") ? prefix.slice(0, -1) : prefix);
  return prefix;
}
