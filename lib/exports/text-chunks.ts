// About 64 KiB per chunk: large enough that a 10M-edge export is a few thousand writes, small
// enough that the response stream never holds more than a chunk or two.
const chunkCharacters = 64 * 1024;

/**
 * Collects small strings (one line each) and hands them out as one chunk once it is large
 * enough, so writers build neither one giant string nor one write per line.
 */
export class TextChunks {
  private parts: string[] = [];
  private length = 0;

  /** Adds text; returns a full chunk to emit, or null while still collecting. */
  add(text: string): string | null {
    this.parts.push(text);
    this.length += text.length;
    return this.length >= chunkCharacters ? this.flush() : null;
  }

  /** What was collected since the last chunk (possibly empty). */
  flush(): string {
    const chunk = this.parts.join("");
    this.parts = [];
    this.length = 0;
    return chunk;
  }
}
