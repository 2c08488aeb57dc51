import { describe, expect, it } from "vitest";
import { isWorkbenchDatabase, readPostgresSourceUrl } from "./postgres-source-url";

describe("a live source's URL", () => {
  it("is shown without its password and read into host, port, database and user", () => {
    expect(readPostgresSourceUrl("postgres://analyst:s3cret@db.example.com:6543/sales")).toEqual({
      host: "db.example.com",
      port: 6543,
      database: "sales",
      user: "analyst",
      shownUrl: "postgres://analyst@db.example.com:6543/sales",
    });
    expect(readPostgresSourceUrl("postgresql://a@127.0.0.1/shop").port).toBe(5432);
  });

  it("refuses what is not a TCP PostgreSQL server with a database", () => {
    for (const url of [
      "not a url",
      "mysql://a@host/db",
      "postgres://a@/db?host=/var/run/postgresql",
      "postgres://a@host:5432",
    ]) {
      expect(() => readPostgresSourceUrl(url), url).toThrow(
        expect.objectContaining({ code: "INVALID_REQUEST" }),
      );
    }
  });

  it("knows the workbench's own database under another loopback name, and only that database", () => {
    const own = "postgresql://postgres@127.0.0.1:5432/workbench";
    const same = readPostgresSourceUrl("postgres://x:y@localhost:5432/workbench");
    expect(isWorkbenchDatabase({ source: same, workbenchConnectionString: own })).toBe(true);
    const other = readPostgresSourceUrl("postgres://x@localhost:5432/analytics");
    expect(isWorkbenchDatabase({ source: other, workbenchConnectionString: own })).toBe(false);
    const elsewhere = readPostgresSourceUrl("postgres://x@10.0.0.5:5432/workbench");
    expect(isWorkbenchDatabase({ source: elsewhere, workbenchConnectionString: own })).toBe(false);
  });
});
