import { describe, expect, it } from "vitest";
import { projectUsageQuerySchema } from "@/lib/contracts/usage";
import { usageDateRange } from "./usage-date-range";

const now = new Date("2026-12-07T22:30:00.000Z");

describe("usageDateRange", () => {
  it("covers the last 30 UTC days, today included, when no range is asked for", () => {
    expect(usageDateRange({}, now)).toEqual({
      from: "2026-11-08",
      to: "2026-12-07",
      start: new Date("2026-11-08T00:00:00.000Z"),
      until: new Date("2026-12-08T00:00:00.000Z"),
    });
  });

  it("includes both days of an asked range, one day included", () => {
    const range = usageDateRange({ from: "2026-12-01", to: "2026-12-01" }, now);
    expect(range.start.toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect(range.until.toISOString()).toBe("2026-12-02T00:00:00.000Z");
  });

  it("counts 30 days back from an asked `to` without a `from`", () => {
    expect(usageDateRange({ to: "2026-03-01" }, now).from).toBe("2026-01-31");
  });
});

describe("projectUsageQuerySchema", () => {
  it("refuses dates that are not YYYY-MM-DD days, and a from after to", () => {
    for (const query of [
      { from: "2026-13-01" },
      { from: "2026-02-30" },
      { to: "07/12/2026" },
      { from: "2026-12-02", to: "2026-12-01" },
    ]) {
      expect(projectUsageQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
    expect(
      projectUsageQuerySchema.safeParse({ from: "2026-02-28", to: "2026-03-01" }).success,
    ).toBe(true);
  });
});
