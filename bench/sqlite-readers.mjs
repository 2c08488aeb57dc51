// SQLite readers on one database file: time and peak RSS to open it and read every row of every
// table as the SQLite construction does (rows as arrays of values). Each reader runs in its own
// child process.
//
//   node bench/sqlite-readers.mjs <file.sqlite> [sql.js|better-sqlite3]
//
// `sql.js` is a dependency; `better-sqlite3` is not (it needs a native build: install it by hand
// with `npm install --no-save better-sqlite3@12.11.1` to compare).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const [file, only] = process.argv.slice(2);
if (!file) throw new Error("usage: node bench/sqlite-readers.mjs <file.sqlite> [reader]");

const tablesQuery =
  "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'";

const readers = {
  async "sql.js"() {
    const initSqlJs = require("sql.js");
    const SQL = await initSqlJs();
    const database = new SQL.Database(readFileSync(file));
    let rows = 0;
    for (const [name] of database.exec(tablesQuery)[0].values) {
      const statement = database.prepare(`SELECT * FROM "${name}"`);
      while (statement.step()) {
        statement.get();
        rows++;
      }
      statement.free();
    }
    database.close();
    return rows;
  },
  async "better-sqlite3"() {
    const Database = require("better-sqlite3");
    const database = new Database(file, { readonly: true });
    let rows = 0;
    for (const { name } of database.prepare(tablesQuery).all()) {
      for (const _row of database.prepare(`SELECT * FROM "${name}"`).raw().iterate()) rows++;
    }
    database.close();
    return rows;
  },
};

async function measure(name) {
  const started = performance.now();
  const rows = await readers[name]();
  const seconds = (performance.now() - started) / 1000;
  const peakMiB = process.resourceUsage().maxRSS / 1024;
  console.log(
    JSON.stringify({
      reader: name,
      seconds: +seconds.toFixed(2),
      peakMiB: +peakMiB.toFixed(0),
      rows,
    }),
  );
}

if (only) await measure(only);
else {
  for (const name of Object.keys(readers)) {
    const child = spawnSync(process.execPath, [import.meta.filename, file, name], {
      encoding: "utf8",
    });
    // An optional reader that is not installed (or one that crashed) says so in one line.
    const failure = /^(\w*Error\b.*)$/m.exec(child.stderr ?? "")?.[1] ?? `exit ${child.status}`;
    process.stdout.write(child.stdout || `${JSON.stringify({ reader: name, failed: failure })}\n`);
  }
}
