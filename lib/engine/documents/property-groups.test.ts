import { describe, expect, it } from "vitest";
import { missingValueLabel, propertyGroups, propertyValueLabel } from "./property-groups";

describe("propertyGroups", () => {
  it("ranks values by frequency, ties by first appearance", () => {
    const grouped = propertyGroups({
      properties: [
        { club: "Officer" },
        { club: "Mr. Hi" },
        { club: "Mr. Hi" },
        { club: "Officer" },
      ],
      name: "club",
      maxGroups: 12,
    });
    expect(grouped.groups).toEqual([
      { label: "Officer", size: 2 },
      { label: "Mr. Hi", size: 2 },
    ]);
    expect([...grouped.rankOf]).toEqual([0, 1, 1, 0]);
    expect(grouped.other).toEqual({ size: 0, valueCount: 0 });
  });

  it("keeps the most frequent values and pools the rest as other", () => {
    const properties = Array.from({ length: 40 }, (_, i) => ({ country: i < 20 ? "FR" : `C${i}` }));
    const grouped = propertyGroups({ properties, name: "country", maxGroups: 3 });
    expect(grouped.groups.map((group) => group.label)).toEqual(["FR", "C20", "C21"]);
    expect(grouped.other).toEqual({ size: 18, valueCount: 18 });
    expect(grouped.rankOf[39]).toBe(-1);
    expect(grouped.rankOf[0]).toBe(0);
  });

  it("groups nodes without the property under one name", () => {
    const grouped = propertyGroups({
      properties: [null, { age: 3 }, { other: 1 }, { age: null }],
      name: "age",
      maxGroups: 5,
    });
    expect(grouped.groups).toEqual([
      { label: missingValueLabel, size: 3 },
      { label: "3", size: 1 },
    ]);
    expect(propertyValueLabel(true)).toBe("true");
    expect(propertyValueLabel("")).toBe(missingValueLabel);
  });
});
