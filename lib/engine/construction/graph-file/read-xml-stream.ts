// saxes, not sax or htmlparser2: measured on a 105 MiB, 1M-edge GraphML (bench/xml-parsers.mjs,
// this machine class, 2 runs each): saxes 13–21 s / 109–128 MiB peak RSS, htmlparser2 18–19 s /
// 98 MiB, sax 29–40 s / 96–103 MiB. htmlparser2 is as fast but forgiving: a truncated or
// mis-nested file parses without complaint, and we must answer PARSE_ERROR with a position.
// saxes is a strict, conformant XML parser (well-formedness errors with line and column), has no
// dependencies but xmlchars, no install script, and ships its own types.
import { SaxesParser } from "saxes";
import { throwIfCancelled } from "../../cancel-signal";
import { EngineError } from "../../engine-error";
import { fileParseError } from "./graph-file-builder";
import { forEachTextChunk, type GraphFileContent } from "./text-chunks";

/** Where the parser is: 1-based line and column of the end of the current token. */
export type XmlPosition = { line: number; column: number };

/** What a format reader does with the elements, as they stream past. */
export type XmlHandlers = {
  open(name: string, attributes: Record<string, string>, at: XmlPosition): void;
  text(text: string): void;
  close(name: string): void;
};

/**
 * Streams an XML file through saxes in chunks (never a DOM, never the whole text as one more
 * copy), calling the handlers. Well-formedness errors (a truncated file, a mis-nested tag) and
 * the handlers' own EngineErrors become PARSE_ERROR with the line and column where they were
 * found; the element open at that point is named too.
 */
export function readXmlStream(input: {
  content: GraphFileContent;
  format: string;
  handlers: XmlHandlers;
  signal?: AbortSignal;
}): void {
  const { handlers, format } = input;
  const parser = new SaxesParser({ position: true });
  const openElements: string[] = [];
  const at = (): XmlPosition => ({ line: parser.line, column: parser.column });
  parser.on("opentag", (tag) => {
    openElements.push(tag.name);
    handlers.open(tag.name, tag.attributes as Record<string, string>, at());
  });
  parser.on("text", (text) => handlers.text(text));
  parser.on("cdata", (text) => handlers.text(text));
  parser.on("closetag", (tag) => {
    openElements.pop();
    handlers.close(tag.name);
  });
  try {
    forEachTextChunk(input.content, (chunk) => {
      throwIfCancelled(input.signal);
      parser.write(chunk);
    });
    parser.close();
  } catch (error) {
    if (EngineError.isInstance(error)) throw error;
    const reason = error instanceof Error ? error.message.replace(/^\d+:\d+: /, "") : "";
    const element = openElements.at(-1);
    // saxes counts the characters read on the line; at the very start of one (a file that ends
    // after a line break) that is 0, but positions here are 1-based.
    const column = Math.max(1, parser.column);
    throw fileParseError(
      `The ${format} file is not well-formed XML at line ${parser.line}, column ${column}${element ? ` (inside <${element}>)` : ""}: ${reason}`,
      { line: parser.line, column, ...(element ? { element } : {}) },
    );
  }
}
