import type { DatasetKind } from "@/lib/contracts/dataset";
import { UnsupportedFileError } from "@/lib/errors/http-errors";
import { refuseUnlikeGraphFile } from "./graph-file-sniffing";
import { isGzipFilename, withoutGzipExtension } from "./gzip-upload";
import type { UploadContent } from "./upload-content";

/** The kinds a file upload can be: a live database source is added by URL, never uploaded. */
export type DatasetKindName = Exclude<DatasetKind, "postgres">;

const mediaTypes: Record<DatasetKindName, string> = {
  csv: "text/csv",
  txt: "text/plain",
  sql: "application/sql",
  graphml: "application/graphml+xml",
  gexf: "application/gexf+xml",
  gml: "text/plain",
  json: "application/json",
  pajek: "text/plain",
  sqlite: "application/vnd.sqlite3",
};

/** File extensions and the kind each names; `.gz` may follow any of them. */
const kindByExtension: Record<string, DatasetKindName> = {
  csv: "csv",
  txt: "txt",
  sql: "sql",
  graphml: "graphml",
  gexf: "gexf",
  gml: "gml",
  json: "json",
  net: "pajek",
  sqlite: "sqlite",
  sqlite3: "sqlite",
  db: "sqlite",
};

const supportedExtensions =
  ".csv, .txt, .sql, .graphml, .gexf, .gml, .json, .net (Pajek), .sqlite, .sqlite3 or .db, or any of them gzip-compressed (.gz)";

// Every SQLite database file starts with these 16 bytes (the file format's header string).
const sqliteHeader = new TextEncoder().encode("SQLite format 3\0");

const sqlStatementStart =
  /^\s*(create|insert|copy|alter|set|begin|commit|start\s+transaction|comment|select|drop|truncate|with)\b/i;

// Enough to judge the shape (read from the head sample); the whole file is still checked for
// UTF-8 and NUL bytes while it streams in (see upload-content.ts).
const sniffLines = 200;

/**
 * Decides a dataset's kind from its name AND its content (a renamed binary or an empty file is
 * refused here, before anything is stored). A `.gz` upload is judged by the name and content of
 * the file inside (it was decompressed while staged). Throws UnsupportedFileError with a reason.
 */
export function detectDatasetKind(input: { filename: string; content: UploadContent }): {
  kind: DatasetKindName;
  mediaType: string;
} {
  const innerName = isGzipFilename(input.filename)
    ? withoutGzipExtension(input.filename)
    : input.filename;
  const extension = innerName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? "";
  const kind = Object.hasOwn(kindByExtension, extension) ? kindByExtension[extension] : undefined;
  if (kind === undefined) {
    throw new UnsupportedFileError(
      `"${input.filename}" is not a supported file type. Upload a ${supportedExtensions} file.`,
      { filename: input.filename },
    );
  }
  if (input.content.bytes === 0) {
    throw new UnsupportedFileError(`"${input.filename}" is empty (0 bytes).`, { reason: "empty" });
  }
  if (kind === "sqlite") return detectSqlite(input);
  const text = decodeTextOrThrow(input);
  if (kind !== "csv" && kind !== "txt" && kind !== "sql") {
    refuseUnlikeGraphFile({ filename: input.filename, kind, text });
    return { kind, mediaType: mediaTypes[kind] };
  }
  return detectTable({ filename: input.filename, extension: kind, text });
}

function detectSqlite(input: { filename: string; content: UploadContent }) {
  const head = input.content.head;
  const matches =
    head.length >= sqliteHeader.length && sqliteHeader.every((byte, index) => head[index] === byte);
  if (!matches) {
    throw new UnsupportedFileError(
      `"${input.filename}" is not a SQLite database: it does not start with the SQLite file header.`,
      { reason: "wrong_content" },
    );
  }
  return { kind: "sqlite" as const, mediaType: mediaTypes.sqlite };
}

/** The CSV, TXT and SQL checks: text tables and dumps. */
function detectTable(input: { filename: string; extension: "csv" | "txt" | "sql"; text: string }): {
  kind: DatasetKindName;
  mediaType: string;
} {
  const { extension } = input;
  const lines = meaningfulLines(input.text, extension);
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

function meaningfulLines(text: string, extension: "csv" | "txt" | "sql") {
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
