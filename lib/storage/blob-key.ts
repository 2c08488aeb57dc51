const segmentPattern = /^[A-Za-z0-9._-]+$/;

/**
 * Checks a blob key: relative, slash-separated, each segment plain characters and never "." or
 * "..", so a key can never leave the data directory nor name two places. Returns the key.
 */
export function assertBlobKey(key: string): string {
  const segments = key.split("/");
  const safe =
    key.length > 0 &&
    key.length <= 1024 &&
    segments.every(
      (segment) => segmentPattern.test(segment) && segment !== "." && segment !== "..",
    );
  if (!safe) throw new Error(`unsafe blob key: ${JSON.stringify(key)}`);
  return key;
}

/** Checks a key prefix: a key, or a key followed by "/" (a folder). */
export function assertBlobPrefix(prefix: string): string {
  assertBlobKey(prefix.endsWith("/") ? prefix.slice(0, -1) : prefix);
  return prefix;
}
