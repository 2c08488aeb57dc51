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
        sha: (await import("node:crypto")).createHash("sha256").update(large).digest("hex"),
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

  it("abandons the copy when its source fails: nothing copied, the connection usable", async () => {
    await client.query("CREATE TEMP TABLE abandoned (n int4)");
    const copying = copyBinaryRowsIn({
      client,
      sql: "COPY abandoned (n) FROM STDIN (FORMAT binary)",
      rows: rowsOf([[int4(1)], [int4(2)], [int4(3)]], 2),
    });
    await expect(copying).rejects.toThrow("the source broke");
    expect((await client.query("SELECT count(*)::int AS n FROM abandoned")).rows).toEqual([
      { n: 0 },
    ]);
  });

  it("refuses a statement that is not a COPY FROM STDIN, the connection usable", async () => {
    await expect(copyBinaryRowsIn({ client, sql: "SELECT 1", rows: rowsOf([]) })).rejects.toThrow(
      /did not start a COPY FROM STDIN/,
    );
    await expect(copyBinaryRowsOut({ client, sql: "COPY (SELECT 1) TO STDOUT" })).rejects.toThrow(
      /not a binary COPY/,
    );
    expect((await client.query("SELECT 2 AS n")).rows).toEqual([{ n: 2 }]);
  });
});
