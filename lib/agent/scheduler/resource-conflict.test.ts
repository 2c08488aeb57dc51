import { describe, expect, it } from "vitest";
import { callsConflict, resourcesOverlap } from "./resource-conflict";

describe("resourcesOverlap", () => {
  it.each([
    ["C:a", "C:a", true],
    ["C:a", "C:b", false],
    ["C:a", "C:*", true],
    ["C:*", "C:*", true],
    ["D:*", "C:a", false],
    ["D:*", "D:x", true],
    ["G", "G", true],
    ["G", "DOC", false],
    ["CFG", "C:*", false],
    ["G", "G:v2", true],
    ["*", "DOC", true],
    ["M:x", "M:new", false],
    ["C:ns:1", "C:ns:2", false],
  ])("%s vs %s → %s (and symmetric)", (first, second, expected) => {
    expect(resourcesOverlap({ first, second })).toBe(expected);
    expect(resourcesOverlap({ first: second, second: first })).toBe(expected);
  });
});

describe("callsConflict", () => {
  const readsG = { reads: ["G"], writes: [] };
  const writesG = { reads: [], writes: ["G"] };

  it("read/read never conflicts", () => {
    expect(callsConflict({ earlier: readsG, later: readsG })).toBe(false);
  });

  it("read-after-write, write-after-write and write-after-read conflict", () => {
    expect(callsConflict({ earlier: writesG, later: readsG })).toBe(true);
    expect(callsConflict({ earlier: writesG, later: writesG })).toBe(true);
    expect(callsConflict({ earlier: readsG, later: writesG })).toBe(true);
  });

  it("narrowed constructions of different datasets do not conflict, a wildcard does", () => {
    const buildA = { reads: ["D:a"], writes: ["C:a"] };
    const buildB = { reads: ["D:b"], writes: ["C:b"] };
    const listAll = { reads: ["D:*", "C:*"], writes: [] };
    expect(callsConflict({ earlier: buildA, later: buildB })).toBe(false);
    expect(callsConflict({ earlier: buildA, later: listAll })).toBe(true);
    expect(callsConflict({ earlier: listAll, later: buildB })).toBe(true);
  });
});
