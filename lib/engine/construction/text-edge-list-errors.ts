import { EngineError, parseError } from "../engine-error";

// Cold paths of the TXT edge-list parser, kept apart from its hot loop.

/** A NUL byte: the file is binary, not a text edge list. */
export function binaryFileError(position: number, line: number, lineStart: number): EngineError {
  return new EngineError(
    "UNSUPPORTED_FILE",
    "This looks like a binary file, not a text edge list.",
    {
      line,
      column: position - lineStart + 1,
    },
  );
}

/** A PARSE_ERROR whose column counts characters, not bytes, from the line start. */
export function errorAt(
  bytes: Uint8Array,
  lineStart: number,
  position: number,
  line: number,
  problem: string,
): EngineError {
  const column = [...new TextDecoder().decode(bytes.subarray(lineStart, position))].length + 1;
  return parseError(`Line ${line}, column ${column}: ${problem}.`, { line, column });
}
