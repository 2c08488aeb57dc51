import { UnsupportedFileError } from "@/lib/errors/http-errors";
import type { UploadContent } from "./upload-content";

export type DatasetKindName = "csv" | "txt" | "sql";

const mediaTypes: Record<DatasetKindName, string> = {
  csv: "text/csv",
  txt: "text/plain",
  sql: "application/sql",
};

const sqlStatementStart =
  /^\s*(create|insert|copy|alter|set|begin|commit|start\s+transaction|comment|select|drop|truncate|with)\b/i;

// Enough to judge the shape (read from the head sample); the whole file is still checked for
// UTF-8 and NUL bytes while it streams in (see upload-content.ts).
const sniffLines = 200;

/**
 * Decides a dataset's kind from its name AND its content (a renamed binary or an empty file is
 * refused here, before anything is stored). Throws UnsupportedFileError with a reason.
 */
export function detectDatasetKind(input: { filename: string; content: UploadContent }): {
  kind: DatasetKindName;
  mediaType: string;
} {
  const extension = input.filename.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  if (extension !== "csv" && extension !== "txt" && extension !== "sql") {
    throw new UnsupportedFileError(
      `"${input.filename}" is not a supported file type. Upload a .csv, .txt or .sql file.`,
      { filename: input.filename },
    );
  }
  if (input.content.bytes === 0) {
    throw new UnsupportedFileError(`"${input.filename}" is empty (0 bytes).`, { reason: "empty" });
  }
  const text = decodeTextOrThrow(input);
  const lines = meaningfulLines(text, extension);
  if (lines.length === 0) {
    throw new UnsupportedFileError(
      `"${input.filename}" contains no data: only blank lines or comments.`,
      { reason: "no_data" },
    );
  }
  const first = lines[0];
  if (/^\s*[<{[]/.test(first.text) && extension !== "sql") {
    throw new UnsupportedFileError(
      `"${input.filename}" looks like HTML, XML or JSON, not a ${extension.toUpperCase()} table.`,
      { reason: "wrong_content", line: first.number },
    );
  }
  if (extension === "sql") {
    if (!lines.some((line) => sqlStatementStart.test(line.text))) {
      throw new UnsupportedFileError(
        `"${input.filename}" does not look like a SQL dump: no CREATE, INSERT or COPY statement found.`,
        { reason: "wrong_content" },
      );
    }
    return { kind: "sql", mediaType: mediaTypes.sql };
  }
  if (extension === "csv") {
    if (!/[,;\t|]/.test(first.text)) {
      throw new UnsupportedFileError(
        `"${input.filename}" does not look like CSV: line ${first.number} has no comma, semicolon or tab between columns.`,
        { reason: "wrong_content", line: first.number },
      );
    }
    return { kind: "csv", mediaType: mediaTypes.csv };
  }
  if (first.text.trim().split(/[\s,;]+/).length < 2) {
    throw new UnsupportedFileError(
      `"${input.filename}" does not look like an edge list: line ${first.number} needs a source and a target.`,
      { reason: "wrong_content", line: first.number },
    );
  }
  return { kind: "txt", mediaType: mediaTypes.txt };
}

/** The head sample as text, after the whole-file NUL and UTF-8 verdicts. */
function decodeTextOrThrow(input: { filename: string; content: UploadContent }): string {
  if (input.content.binary) {
    throw new UnsupportedFileError(
      `"${input.filename}" is a binary file (it contains NUL bytes), not text.`,
      { reason: "binary" },
    );
  }
  if (!input.content.utf8) {
    throw new UnsupportedFileError(
      `"${input.filename}" is not UTF-8 text. Save it as UTF-8 and upload it again.`,
      { reason: "not_utf8" },
    );
  }
  const text = new TextDecoder("utf-8", { ignoreBOM: false }).decode(input.content.head);
  if (!input.content.headTruncated) return text;
  // The sample may end mid-line (or mid-character): judge only whole lines, unless the first
  // line alone is longer than the sample.
  const lastBreak = Math.max(text.lastIndexOf("\n"), text.lastIndexOf("\r"));
  return lastBreak > 0 ? text.slice(0, lastBreak) : text;
}

function meaningfulLines(text: string, extension: DatasetKindName) {
  const commentPrefix = extension === "sql" ? "--" : "#";
  const result: { number: number; text: string }[] = [];
  const lines = text.split(/\r\n|\n|\r/);
  for (let index = 0; index < lines.length && result.length < sniffLines; index++) {
    const line = lines[index];
    const trimmed = line.trim();
    if (trimmed === "" || trimmed.startsWith(commentPrefix)) continue;
    result.push({ number: index + 1, text: line });
  }
  return result;
}
