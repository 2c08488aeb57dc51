/** A graph file as construction receives it: its text, or its bytes (UTF-8). */
export type GraphFileContent = string | Uint8Array;

// Big enough that per-chunk overhead vanishes, small enough that a decoded chunk is no burden.
const chunkBytes = 1 << 20;

/**
 * Hands the content to `consume` in decoded pieces of about 1 MiB, so a streaming parser never
 * needs the whole file as one string beside its bytes. Invalid UTF-8 is UNSUPPORTED_FILE's
 * business at upload; here it decodes with replacement characters rather than fail mid-parse.
 */
export function forEachTextChunk(
  content: GraphFileContent,
  consume: (chunk: string) => void,
): void {
  if (typeof content === "string") {
    for (let start = 0; start < content.length; start += chunkBytes) {
      consume(content.slice(start, start + chunkBytes));
    }
    return;
  }
  const decoder = new TextDecoder("utf-8", { ignoreBOM: false });
  for (let start = 0; start < content.length; start += chunkBytes) {
    const piece = decoder.decode(content.subarray(start, start + chunkBytes), { stream: true });
    if (piece !== "") consume(piece);
  }
  const rest = decoder.decode();
  if (rest !== "") consume(rest);
}

/** The whole content as one string (for formats read whole: GML, JSON, Pajek). */
export function contentText(content: GraphFileContent): string {
  return typeof content === "string" ? content : new TextDecoder("utf-8").decode(content);
}
