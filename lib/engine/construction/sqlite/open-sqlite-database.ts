// sql.js (SQLite compiled to WebAssembly, its .wasm shipped inside the npm package) rather than
// better-sqlite3: Node 20 has no node:sqlite, and better-sqlite3 (12.11.1; 13.x needs Node 22)
// downloads a prebuilt binary at install, which fails here, then compiles SQLite from source
// with node-gyp — it did build on this machine (7 min wall, 1.5 min CPU, Debian's node headers
// and g++), but every `npm ci` in CI would repeat that and need an approved install script and a
// C++ toolchain. Measured on a 25 MiB file (100k accounts, 1M transfers; bench/sqlite-readers.mjs,
// 2 runs): sql.js 2.2–2.7 s and 113–120 MiB peak RSS, better-sqlite3 3.8–4.3 s and 68 MiB. sql.js
// holds the file in WebAssembly memory (hence the RSS) but is faster at reading every row, needs
// no build, and an uploaded file is read inside the WebAssembly sandbox with no filesystem.
import initSqlJs, { type Database, type SqlJsStatic } from "sql.js";
import { EngineError } from "../../engine-error";

let sqlJs: Promise<SqlJsStatic> | undefined;

/** SQLite databases larger than this are refused: sql.js holds the whole file in memory. */
export const defaultSqliteMaxBytes = 1024 * 1024 * 1024;

/** Opens SQLite file bytes in memory (nothing touches a disk); the caller closes it. */
export async function openSqliteDatabase(input: {
  bytes: Uint8Array;
  maxBytes?: number;
}): Promise<Database> {
  const maxBytes = input.maxBytes ?? defaultSqliteMaxBytes;
  if (input.bytes.byteLength > maxBytes) {
    throw new EngineError(
      "PAYLOAD_TOO_LARGE",
      `The SQLite database is ${input.bytes.byteLength} bytes; the limit is ${maxBytes}.`,
      { bytes: input.bytes.byteLength, maxBytes },
    );
  }
  sqlJs ??= initSqlJs();
  const SQL = await sqlJs;
  return new SQL.Database(input.bytes);
}
