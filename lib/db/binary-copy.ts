import type pg from "pg";

// PostgreSQL's binary COPY format, spoken through `pg` without an extra package: a statement
// object pg runs in turn (a "submittable", the interface pg-cursor and pg-copy-streams use)
// writes CopyData messages to the connection's socket itself and reads the server's.
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
// the row's frame (a few bytes: one write instead of several).
const byReferenceBytes = 4096;
const copyDataCode = 0x64; // 'd'
const copyDoneCode = 0x63; // 'c'
const copyFailCode = 0x66; // 'f'

/**
 * Runs `sql` (`COPY … FROM STDIN (FORMAT binary)`) on `client` and streams `rows` into it, each
 * row an array of fields in PostgreSQL's binary representation (a bytea is its bytes, an int4
 * four big-endian bytes, a uuid its 16 bytes). Returns how many rows were copied.
 *
 * A large field goes from the caller's buffer straight to the socket, and the next row is pulled
 * only once the last was handed to the kernel: the caller may reuse one buffer for every row (no
 * allocation per row), and a slow database slows the source (back-pressure). One statement for
 * all rows also spares a round trip per row.
 */
export async function copyBinaryRowsIn(input: {
  client: pg.ClientBase;
  sql: string;
  rows: AsyncIterable<readonly Uint8Array[]>;
}): Promise<number> {
  const copy = new CopyStatement(input.sql);
  input.client.query(copy);
  const connection = await copy.copyInReady;
  const send = (segments: Uint8Array[]) =>
    new Promise<void>((resolve, reject) => {
      const stream = connection.stream;
      // Corked: a row's header and its fields leave in one write.
      stream.cork();
      for (const segment of segments.slice(0, -1)) stream.write(segment);
      stream.write(segments[segments.length - 1], (error) => (error ? reject(error) : resolve()));
      stream.uncork();
    });
  try {
    await send(copyData([fileHeader]));
    for await (const row of input.rows) {
      // The server refused the copy (it drops whatever follows): stop reading the source.
      if (copy.failure) break;
      await send(copyData(frameRow(row)));
    }
    if (!copy.failure) await send([...copyData([fileTrailer]), messageHeader(copyDoneCode, 0)]);
  } catch (error) {
    // The source (or the socket) failed: abandon the copy, so the transaction can be rolled back
    // on a usable connection. The server's answer to that is an error we expect, not the cause.
    if (!copy.failure) {
      const reason = Buffer.from("the source of the rows failed\0");
      await send([messageHeader(copyFailCode, reason.length), reason]).catch(() => {});
    }
    await copy.done.catch(() => {});
    throw error;
  }
  return copy.done;
}

/**
 * Runs `sql` (`COPY (SELECT …) TO STDOUT (FORMAT binary)`) on `client` and returns its rows,
 * each an array of fields in PostgreSQL's binary representation (null for SQL NULL). Each field
 * is one copy of the bytes the server sent; nothing is decoded. For a handful of rows (e.g. one
 * blob chunk): they are all returned at once.
 */
export async function copyBinaryRowsOut(input: {
  client: pg.ClientBase;
  sql: string;
}): Promise<(Buffer | null)[][]> {
  const copy = new CopyStatement(input.sql);
  input.client.query(copy);
  await copy.done;
  return copy.rows;
}

/** Splits CopyData messages of a binary COPY TO into rows (the server sends one row each). */
function parseRows(message: Buffer, state: { headerSeen: boolean }, rows: (Buffer | null)[][]) {
  let offset = 0;
  if (!state.headerSeen) {
    if (!message.subarray(0, signature.length).equals(signature)) {
      throw new Error("not a binary COPY: the signature is missing");
    }
    offset = signature.length + 4;
    offset += 4 + message.readInt32BE(offset);
    state.headerSeen = true;
  }
  while (offset < message.length) {
    const fieldCount = message.readInt16BE(offset);
    offset += 2;
    if (fieldCount === -1) break;
    const row: (Buffer | null)[] = [];
    for (let field = 0; field < fieldCount; field++) {
      const length = message.readInt32BE(offset);
      offset += 4;
      if (length === -1) {
        row.push(null);
        continue;
      }
      if (offset + length > message.length) throw new Error("a binary COPY row was cut short");
      // A copy: `message` is a view of pg's read buffer, which it may reuse for later reads.
      row.push(Buffer.from(message.subarray(offset, offset + length)));
      offset += length;
    }
    rows.push(row);
  }
}

/** A row as binary COPY wants it: field count, then each field's length and bytes. */
function frameRow(row: readonly Uint8Array[]): Uint8Array[] {
  const segments: Uint8Array[] = [];
  let pending: number[] = [(row.length >>> 8) & 0xff, row.length & 0xff];
  for (const field of row) {
    const length = field.byteLength;
    pending.push(
      (length >>> 24) & 0xff,
      (length >>> 16) & 0xff,
      (length >>> 8) & 0xff,
      length & 0xff,
    );
    if (length >= byReferenceBytes) {
      segments.push(Buffer.from(pending), field);
      pending = [];
    } else {
      for (const byte of field) pending.push(byte);
    }
  }
  if (pending.length > 0) segments.push(Buffer.from(pending));
  return segments;
}

/** One CopyData message around `segments`: its header, then the segments themselves. */
function copyData(segments: Uint8Array[]): Uint8Array[] {
  const length = segments.reduce((sum, segment) => sum + segment.byteLength, 0);
  return [messageHeader(copyDataCode, length), ...segments];
}

function messageHeader(code: number, bodyBytes: number): Buffer {
  const header = Buffer.allocUnsafe(5);
  header[0] = code;
  header.writeInt32BE(bodyBytes + 4, 1);
  return header;
}

/**
 * A COPY statement as `pg` runs it: pg calls `submit` with the connection when it is this
 * statement's turn and routes the server's answers to the `handle…` methods.
 */
class CopyStatement implements pg.Submittable {
  /** Resolves once the server waits for rows (COPY FROM STDIN). */
  readonly copyInReady: Promise<pg.Connection>;
  /** Resolves with the row count once the server is ready for the next statement. */
  readonly done: Promise<number>;
  readonly rows: (Buffer | null)[][] = [];
  failure: Error | undefined;
  private connection: pg.Connection | undefined;
  private rowCount = 0;
  private readonly parsing = { headerSeen: false };
  private settleReady: {
    resolve: (connection: pg.Connection) => void;
    reject: (error: Error) => void;
  };
  private settleDone: { resolve: (rows: number) => void; reject: (error: Error) => void };

  constructor(private readonly sql: string) {
    let settleReady: typeof this.settleReady | undefined;
    let settleDone: typeof this.settleDone | undefined;
    this.copyInReady = new Promise((resolve, reject) => {
      settleReady = { resolve, reject };
    });
    this.done = new Promise((resolve, reject) => {
      settleDone = { resolve, reject };
    });
    this.settleReady = settleReady as typeof this.settleReady;
    this.settleDone = settleDone as typeof this.settleDone;
    // Each is awaited on some paths only; a rejection nobody awaits is not an unhandled one.
    this.copyInReady.catch(() => {});
    this.done.catch(() => {});
  }

  submit(connection: pg.Connection) {
    this.connection = connection;
    connection.query(this.sql);
  }

  handleCopyInResponse() {
    if (this.connection) this.settleReady.resolve(this.connection);
  }

  handleCopyData(message: { chunk: Buffer }) {
    if (this.failure) return;
    try {
      parseRows(message.chunk, this.parsing, this.rows);
    } catch (error) {
      // Not ours to interrupt: pg still routes the rest of the answer here; fail at its end.
      this.failure = error as Error;
    }
  }

  handleCommandComplete(message: { text: string }) {
    this.rowCount = Number(message.text.split(" ").pop());
  }

  handleReadyForQuery() {
    this.settleReady.reject(new Error("the statement did not start a COPY FROM STDIN"));
    if (this.failure) this.settleDone.reject(this.failure);
    else this.settleDone.resolve(this.rowCount);
  }

  /** The server's error: pg moves on to the next statement without calling this one again. */
  handleError(error: Error) {
    this.failure = error;
    this.settleReady.reject(error);
    this.settleDone.reject(error);
  }

  // Answers a COPY never gets; pg calls them on whatever statement is active, so they exist.
  handleRowDescription() {}
  handleDataRow() {}
  handleEmptyQuery() {}
  handlePortalSuspended() {}
}
