import "server-only";
import { once } from "node:events";
import { getDefaultHighWaterMark } from "node:stream";
import type pg from "pg";
import { from as copyFrom, to as copyTo } from "pg-copy-streams";

// PostgreSQL's binary COPY format (header, rows of length-prefixed fields, trailer), written and
// parsed here; pg-copy-streams carries it over the COPY sub-protocol (CopyData, CopyDone, and
// CopyFail when we destroy its stream).
//
// Why not parameters and rows: `pg` copies every parameter into a new Bind message, and returns
// every result value as text (a bytea as hex: a 1 MiB chunk arrives as a 2 MiB string, decoded
// into a new buffer), so a 100 MiB blob made hundreds of MiB of garbage that V8 lets pile up to
// tens of MiB of RSS before collecting it. Binary COPY moves the bytes as they are.

const signature = Buffer.from("PGCOPY\n\xff\r\n\0", "latin1");
// The signature, flags (none) and header extension length (none).
const fileHeader = Buffer.concat([signature, Buffer.alloc(8)]);
// A field count of -1 ends the rows.
const fileTrailer = Buffer.from([0xff, 0xff]);
// Fields this long or longer are written from the caller's buffer; shorter ones are copied into
// the row's frame. This is the streams' default high-water mark (pg's socket's, and the copy
// stream's below): a write this large is accepted only once the socket has handed it to the
// kernel, whereas a shorter one may still sit in the socket's queue, by reference, when the
// caller refills its buffer for the next row.
const byReferenceBytes = getDefaultHighWaterMark(false);

/**
 * Runs `sql` (`COPY … FROM STDIN (FORMAT binary)`) on `client` and streams `rows` into it, each
 * row an array of fields in PostgreSQL's binary representation (a bytea is its bytes, an int4
 * four big-endian bytes, a uuid its 16 bytes). Returns how many rows were copied.
 *
 * A large field goes from the caller's buffer straight to the connection, and the next row is
 * pulled only once the stream accepted the last: the caller may reuse one buffer for every row
 * (no allocation per row), and a slow database slows the source (back-pressure). One statement
 * for all rows also spares a round trip per row. A source that fails cancels the copy, so the
 * transaction can be rolled back on a usable connection.
 */
export async function copyBinaryRowsIn(input: {
  client: pg.ClientBase;
  sql: string;
  rows: AsyncIterable<readonly Uint8Array[]>;
}): Promise<number> {
  // pg-copy-streams fails on any other statement by throwing inside pg's message handling.
  if (!/^\s*COPY\b[\s\S]*\bFROM\s+STDIN\b/i.test(input.sql)) {
    throw new Error("the statement did not start a COPY FROM STDIN");
  }
  const copy = input.client.query(copyFrom(input.sql, { highWaterMark: byReferenceBytes }));
  // The server's error (it refused a row, or the statement): it drops whatever we send after.
  let refused: Error | undefined;
  const finished = new Promise<void>((resolve, reject) => {
    copy.on("finish", resolve);
    copy.on("error", (error) => {
      refused ??= error;
      reject(error);
    });
  });
  finished.catch(() => {});
  // Each write is one CopyData message; once the stream's buffer is full, wait until it drains
  // (or the server refuses: `once` rejects on the stream's error).
  const write = async (segments: readonly Uint8Array[]) => {
    for (const segment of segments) {
      // Never written once refused: the stream has let go of the connection, a write would throw.
      if (refused) throw refused;
      if (!copy.write(segment)) await once(copy, "drain");
    }
  };
  try {
    await write([fileHeader]);
    for await (const row of input.rows) await write(frameRow(row));
    await write([fileTrailer]);
    copy.end();
    await finished;
  } catch (error) {
    if (refused) throw refused;
    // The source failed: CopyFail rolls the copy back, and the server's answer to that is an
    // error we expect, not the cause.
    copy.destroy(error as Error);
    // Settled once the server answered the CopyFail: the connection takes the ROLLBACK next.
    await once(copy, "close").catch(() => {});
    throw error;
  }
  return copy.rowCount;
}

/**
 * Runs `sql` (`COPY (SELECT …) TO STDOUT (FORMAT binary)`) on `client` and returns its rows,
 * each an array of fields in PostgreSQL's binary representation (null for SQL NULL). The
 * stream's chunks are joined into one buffer (a field may span several) and each field is a view
 * of it: one copy of the bytes the server sent, nothing decoded. For a handful of rows (e.g. one
 * blob chunk): they are all returned at once.
 */
export async function copyBinaryRowsOut(input: {
  client: pg.ClientBase;
  sql: string;
}): Promise<(Buffer | null)[][]> {
  if (!/^\s*COPY\b[\s\S]*\bTO\s+STDOUT\b/i.test(input.sql)) {
    throw new Error("the statement did not start a COPY TO STDOUT");
  }
  const chunks: Buffer[] = [];
  // Read to the end before parsing: the connection is pg's again only once the copy is over.
  for await (const chunk of input.client.query(copyTo(input.sql))) chunks.push(chunk);
  return parseRows(Buffer.concat(chunks));
}

/** The rows of a whole binary COPY TO output, each field a view of `copied`. */
function parseRows(copied: Buffer): (Buffer | null)[][] {
  if (!copied.subarray(0, signature.length).equals(signature)) {
    throw new Error("not a binary COPY: the signature is missing");
  }
  let offset = signature.length + 4;
  const take = (bytes: number) => {
    if (offset + bytes > copied.length) throw new Error("a binary COPY was cut short");
    offset += bytes;
    return copied.subarray(offset - bytes, offset);
  };
  take(take(4).readInt32BE()); // the header extension
  const rows: (Buffer | null)[][] = [];
  for (;;) {
    const fieldCount = take(2).readInt16BE();
    if (fieldCount === -1) return rows;
    const row: (Buffer | null)[] = [];
    for (let field = 0; field < fieldCount; field++) {
      const length = take(4).readInt32BE();
      row.push(length === -1 ? null : take(length));
    }
    rows.push(row);
  }
}

/** A row as binary COPY wants it: field count, then each field's length and bytes. */
function frameRow(row: readonly Uint8Array[]): Uint8Array[] {
  const segments: Uint8Array[] = [];
  const count = Buffer.allocUnsafe(2);
  count.writeInt16BE(row.length);
  let framed: Uint8Array[] = [count];
  for (const field of row) {
    const length = Buffer.allocUnsafe(4);
    length.writeInt32BE(field.byteLength);
    framed.push(length);
    if (field.byteLength >= byReferenceBytes) {
      segments.push(Buffer.concat(framed), field);
      framed = [];
    } else {
      framed.push(field);
    }
  }
  if (framed.length > 0) segments.push(Buffer.concat(framed));
  return segments;
}
