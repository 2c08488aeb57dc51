// The SQL sandbox: one in-memory PGlite per worker thread, driven by messages from
// sql-sandbox.ts. Plain JavaScript on purpose: a worker's entry file is loaded by Node itself
// (vitest, `next start`, a standalone engine process), where a .ts file cannot run, and it
// imports nothing but PGlite so no bundler has to follow it. It runs only what the main thread
// already checked (sql-load-plan.ts) and is terminated from outside at the wall-clock limit.
import { parentPort } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";

/** @type {PGlite | null} */
let database = null;

parentPort.on("message", async (message) => {
  try {
    const result = await handle(message);
    parentPort.postMessage({ id: message.id, ok: true, result });
  } catch (error) {
    parentPort.postMessage({ id: message.id, ok: false, error: describeError(error) });
  }
});

async function handle(message) {
  if (message.op === "start") {
    // No dataDir: the database lives in WASM memory only and vanishes with the thread.
    database = await PGlite.create();
    return null;
  }
  if (!database) throw new Error("the sandbox database was not started");
  if (message.op === "load") return load(database, message.steps);
  if (message.op === "query") {
    const result = await database.query(message.sql, [], { rowMode: "array" });
    return result.rows;
  }
  if (message.op === "export") {
    // COPY … TO '/dev/blob' hands back PostgreSQL's text format in one piece: several times
    // faster than the row-by-row wire protocol for large tables.
    const result = await database.query(`COPY (${message.sql}) TO '/dev/blob'`);
    return result.blob ? await result.blob.text() : "";
  }
  throw new Error(`unknown sandbox operation ${message.op}`);
}

async function load(db, steps) {
  // Foreign keys are not checked while loading: a hand-written dump or SQLite's .dump lists rows
  // in id order, so a self-referencing key (an artist's teacher, an employee's manager) can
  // point at a row inserted later; pg_dump adds its constraints after the data and MySQL dumps
  // switch the checks off for the same reason. A key that never finds its row is counted by the
  // graph builder (missing targets in the schema summary) instead of refusing the whole dump.
  await db.exec("SET session_replication_role = replica");
  for (let index = 0; index < steps.length; index++) {
    const step = steps[index];
    if (step.kind === "copy") {
      try {
        await db.query(step.statement.sql, [], { blob: new Blob([step.data]) });
      } catch (error) {
        throw Object.assign(describeError(error), { step: index, statement: 0 });
      }
    } else {
      await runBatch(db, step.statements, index);
    }
    parentPort.postMessage({ op: "progress", fraction: (index + 1) / steps.length });
  }
  return null;
}

// A batch runs as one multi-statement query (one implicit transaction, fast). If it fails,
// the batch was rolled back as a whole, so its statements are replayed one by one to name
// the one at fault; the load is abandoned either way.
async function runBatch(db, statements, step) {
  try {
    await db.exec(statements.map((statement) => `${statement.sql};`).join("\n"));
    return;
  } catch (batchError) {
    for (let k = 0; k < statements.length; k++) {
      try {
        await db.query(statements[k].sql);
      } catch (error) {
        throw Object.assign(describeError(error), { step, statement: k });
      }
    }
    throw Object.assign(describeError(batchError), { step, statement: -1 });
  }
}

function describeError(error) {
  if (error && typeof error === "object" && "step" in error) return error;
  const described = { message: error instanceof Error ? error.message : String(error) };
  for (const key of ["code", "detail", "hint", "position", "where"]) {
    if (error && typeof error === "object" && error[key] !== undefined) {
      described[key] = String(error[key]);
    }
  }
  return described;
}
