import { createHash } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyBinaryRowsIn, copyBinaryRowsOut } from "@/lib/db/binary-copy";

const int4 = (value: number) => {
  const field = Buffer.alloc(4);
  field.writeInt32BE(value);
  return field;
};

async function* rowsOf(rows: Uint8Array[][], failAfter?: number) {
  for (const [index, row] of rows.entries()) {
    if (index === failAfter) throw new Error("the source broke");
    yield row;
  }
}

// Each test on one connection: temporary tables live in their session.
describe("binary COPY through pg", () => {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  beforeAll(() => client.connect());
  afterAll(() => client.end());

  it("copies rows in and reads them back out, small and large fields, NULLs too", async () => {
    await client.query("CREATE TEMP TABLE copied (n int4, data bytea)");
    // 3 MiB: a field written from the caller's buffer, not copied into the row's frame.
    const large = Buffer.alloc(3 * 2 ** 20, 7);
    large[large.length - 1] = 9;
    const rows = [
      [int4(1), Buffer.from("ab")],
      [int4(2), large],
      [int4(-3), Buffer.alloc(0)],
    ];
    const count = await copyBinaryRowsIn({
      client,
      sql: "COPY copied (n, data) FROM STDIN (FORMAT binary)",
      rows: rowsOf(rows),
    });
    expect(count).toBe(3);
    // Checked by PostgreSQL itself, not by the reader below.
    const stored = await client.query(
      "SELECT n, length(data) AS length, encode(sha256(data), 'hex') AS sha FROM copied ORDER BY n",
    );
    expect(stored.rows).toEqual([
      { n: -3, length: 0, sha: expect.any(String) },
      { n: 1, length: 2, sha: expect.any(String) },
      {
        n: 2,
        length: large.length,
        sha: createHash("sha256").update(large).digest("hex"),
      },
    ]);
    const out = await copyBinaryRowsOut({
      client,
      sql: "COPY (SELECT n, data, NULL::bytea FROM copied ORDER BY n DESC) TO STDOUT (FORMAT binary)",
    });
    expect(out.map((row) => row[0]?.readInt32BE())).toEqual([2, 1, -3]);
    expect(out[0][1]?.equals(large)).toBe(true);
    expect(out[1][1]?.toString()).toBe("ab");
    expect(out[2][1]?.length).toBe(0);
    expect(out.map((row) => row[2])).toEqual([null, null, null]);
    expect(
      await copyBinaryRowsOut({
        client,
        sql: "COPY (SELECT n FROM copied WHERE false) TO STDOUT (FORMAT binary)",
      }),
    ).toEqual([]);
  });

  it("writes each row before pulling the next: a source may reuse its buffers for every row", async () => {
    await client.query(
      "CREATE TEMP TABLE reused (n int4, large bytea, middling bytea, small bytea)",
    );
    // 1 MiB goes from the buffer itself; 40 KiB too on Node 20 (past the streams' 16 KiB
    // high-water mark), copied into the row's frame on Node 22 (64 KiB); 5 KiB is copied.
    const buffers = [2 ** 20, 40 * 1024, 5 * 1024].map((size) => Buffer.alloc(size));
    const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
    const expected: string[] = [];
    async function* refilled() {
      for (let n = 0; n < 12; n++) {
        for (const [index, buffer] of buffers.entries()) buffer.fill(n * 3 + index + 1);
        expected.push(buffers.map(sha256).join(" "));
        yield [int4(n), ...buffers];
      }
    }
    const count = await copyBinaryRowsIn({
      client,
      sql: "COPY reused (n, large, middling, small) FROM STDIN (FORMAT binary)",
      rows: refilled(),
    });
    expect(count).toBe(12);
    const stored = await client.query(
      `SELECT concat_ws(' ', encode(sha256(large), 'hex'), encode(sha256(middling), 'hex'),
         encode(sha256(small), 'hex')) AS shas FROM reused ORDER BY n`,
    );
    expect(stored.rows.map((row) => row.shas)).toEqual(expected);
  });

  it("reads fields whatever the stream's chunks cut them at", async () => {
    // Lengths that do not divide the server's chunks: counts, lengths and bytes straddle them.
    const out = await copyBinaryRowsOut({
      client,
      sql: `COPY (SELECT n, decode(repeat(lpad(to_hex(n % 256), 2, '0'), n * 997), 'hex'),
          CASE WHEN n % 3 = 0 THEN NULL ELSE int4send(-n) END
        FROM generate_series(1, 150) AS n ORDER BY n) TO STDOUT (FORMAT binary)`,
    });
    expect(out).toHaveLength(150);
    for (const [index, row] of out.entries()) {
      const n = index + 1;
      expect(row[0]?.readInt32BE()).toBe(n);
      expect(row[1]?.equals(Buffer.alloc(n * 997, n % 256))).toBe(true);
      expect(row[2] === null ? null : row[2].readInt32BE()).toBe(n % 3 === 0 ? null : -n);
    }
  });

  it("fails with the server's error when it refuses a row, and the connection stays usable", async () => {
    await client.query("CREATE TEMP TABLE refused (n int4 CHECK (n < 3))");
    const copying = copyBinaryRowsIn({
      client,
      sql: "COPY refused (n) FROM STDIN (FORMAT binary)",
      rows: rowsOf([0, 1, 2, 3, 4].map((n) => [int4(n)])),
    });
    await expect(copying).rejects.toThrow(/refused_n_check/);
    expect((await client.query("SELECT count(*)::int AS n FROM refused")).rows).toEqual([{ n: 0 }]);
  });

  it("stops reading its source once the server refused, mid-way through large rows", async () => {
    await client.query("CREATE TEMP TABLE refused_early (n int4 CHECK (n < 2), data bytea)");
    const data = Buffer.alloc(2 ** 20, 1);
    let pulled = 0;
    async function* rows() {
      for (let n = 0; n < 64; n++) {
        pulled += 1;
        yield [int4(n), data];
      }
    }
    await expect(
      copyBinaryRowsIn({
        client,
        sql: "COPY refused_early (n, data) FROM STDIN (FORMAT binary)",
        rows: rows(),
      }),
    ).rejects.toThrow(/refused_early_n_check/);
    // The socket's buffers hold a few MiB ahead of the server, not the 64 of the whole source.
    expect(pulled).toBeLessThan(64);
    expect((await client.query("SELECT count(*)::int AS n FROM refused_early")).rows).toEqual([
      { n: 0 },
    ]);
  });

  it("abandons the copy when its source fails: nothing copied, the connection usable", async () => {
    await client.query("CREATE TEMP TABLE abandoned (n int4)");
    // Failing at once (before the server is ready for rows, most likely) and once it took some.
    async function* lateFailure() {
      yield* rowsOf([[int4(1)], [int4(2)]]);
      await new Promise((resolve) => setTimeout(resolve, 50));
      throw new Error("the source broke");
    }
    for (const rows of [rowsOf([[int4(1)], [int4(2)], [int4(3)]], 2), lateFailure()]) {
      const copying = copyBinaryRowsIn({
        client,
        sql: "COPY abandoned (n) FROM STDIN (FORMAT binary)",
        rows,
      });
      await expect(copying).rejects.toThrow("the source broke");
      expect((await client.query("SELECT count(*)::int AS n FROM abandoned")).rows).toEqual([
        { n: 0 },
      ]);
    }
  });

  it("fails with the server's error when a COPY TO fails mid-way, the connection usable", async () => {
    await expect(
      copyBinaryRowsOut({
        client,
        sql: `COPY (SELECT n, 1 / (n - 5000) FROM generate_series(1, 10000) AS n)
          TO STDOUT (FORMAT binary)`,
      }),
    ).rejects.toThrow(/division by zero/);
    expect((await client.query("SELECT 3 AS n")).rows).toEqual([{ n: 3 }]);
  });

  it("refuses a statement that is not the COPY asked for, the connection usable", async () => {
    await expect(copyBinaryRowsIn({ client, sql: "SELECT 1", rows: rowsOf([]) })).rejects.toThrow(
      /did not start a COPY FROM STDIN/,
    );
    await expect(copyBinaryRowsOut({ client, sql: "SELECT 1" })).rejects.toThrow(
      /did not start a COPY TO STDOUT/,
    );
    await expect(copyBinaryRowsOut({ client, sql: "COPY (SELECT 1) TO STDOUT" })).rejects.toThrow(
      /not a binary COPY/,
    );
    expect((await client.query("SELECT 2 AS n")).rows).toEqual([{ n: 2 }]);
  });
});
