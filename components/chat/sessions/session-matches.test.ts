import { describe, expect, it } from "vitest";
import { sessionMatches } from "./session-matches";

const karate = { title: "Who bridges the factions?", dataset_name: "karate" };
const untitled = { title: "New analysis", dataset_name: null };

describe("sessionMatches", () => {
  it("finds a conversation by its title or its dataset, in any case", () => {
    expect(sessionMatches(karate, "BRIDGES")).toBe(true);
    expect(sessionMatches(karate, "karate")).toBe(true);
    expect(sessionMatches(karate, "karate factions")).toBe(true);
    expect(sessionMatches(karate, "miserables")).toBe(false);
    expect(sessionMatches(untitled, "karate")).toBe(false);
  });

  it("matches everything when the search is empty", () => {
    expect(sessionMatches(untitled, "")).toBe(true);
    expect(sessionMatches(karate, "   ")).toBe(true);
  });
});
