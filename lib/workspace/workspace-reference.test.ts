import { describe, expect, it } from "vitest";
import { WorkspaceError } from "@/lib/errors/workspace-error";
import {
  normaliseAreaPath,
  normaliseDerivedName,
  parseWorkspaceReference,
  splitDerivedVersion,
} from "./workspace-reference";

function refusal(action: () => unknown) {
  try {
    action();
  } catch (error) {
    if (WorkspaceError.isInstance(error)) return error.code;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("normaliseAreaPath", () => {
  it("drops '.' and empty components", () => {
    expect(normaliseAreaPath("a/./b//c/")).toBe("a/b/c");
    expect(normaliseAreaPath("./x.csv")).toBe("x.csv");
    expect(normaliseAreaPath("")).toBe("");
    expect(normaliseAreaPath(".")).toBe("");
  });

  it.each([
    ["a parent step", "../../etc/passwd"],
    ["a parent step in the middle", "a/../../b"],
    ["a trailing parent step", "a/.."],
    ["an absolute path", "/etc/passwd"],
    ["a NUL byte", "a\0b"],
    ["a control character", "a\nb"],
    ["a backslash", "..\\..\\etc"],
    ["an oversize component", "x".repeat(256)],
    ["an oversize path", "a/".repeat(600)],
  ])("refuses %s", (_label, raw) => {
    expect(refusal(() => normaliseAreaPath(raw))).toBe("PATH_NOT_ALLOWED");
  });

  it("keeps names that merely contain dots", () => {
    expect(normaliseAreaPath("..hidden/a..b/...")).toBe("..hidden/a..b/...");
  });
});

describe("parseWorkspaceReference", () => {
  it("reads Area/path and Area:path", () => {
    expect(parseWorkspaceReference("Uploaded/abc/orders.csv")).toEqual({
      area: "Uploaded",
      path: "abc/orders.csv",
    });
    expect(parseWorkspaceReference("Derived:report.csv@v2")).toEqual({
      area: "Derived",
      path: "report.csv@v2",
    });
    expect(parseWorkspaceReference("Environment")).toEqual({ area: "Environment", path: "" });
  });

  it("puts a path without an area in the default area, and './Area' is a plain folder", () => {
    expect(parseWorkspaceReference("out.txt", { defaultArea: "Ephemeral" })).toEqual({
      area: "Ephemeral",
      path: "out.txt",
    });
    expect(parseWorkspaceReference("./Uploaded/x", { defaultArea: "Ephemeral" })).toEqual({
      area: "Ephemeral",
      path: "Uploaded/x",
    });
    expect(parseWorkspaceReference("uploaded/x", { defaultArea: "Ephemeral" }).area).toBe(
      "Ephemeral",
    );
  });

  it("refuses a path without an area when there is no default, and traversal after an area", () => {
    expect(refusal(() => parseWorkspaceReference("x.csv"))).toBe("PATH_NOT_ALLOWED");
    expect(refusal(() => parseWorkspaceReference("Uploaded/../../etc/passwd"))).toBe(
      "PATH_NOT_ALLOWED",
    );
    expect(refusal(() => parseWorkspaceReference("Ephemeral:/etc/passwd"))).toBe(
      "PATH_NOT_ALLOWED",
    );
    expect(
      refusal(() => parseWorkspaceReference("/etc/passwd", { defaultArea: "Ephemeral" })),
    ).toBe("PATH_NOT_ALLOWED");
  });
});

describe("Derived names", () => {
  it("splits an explicit version", () => {
    expect(splitDerivedVersion("r/report.csv@v12")).toEqual({ name: "r/report.csv", version: 12 });
    expect(splitDerivedVersion("report.csv")).toEqual({ name: "report.csv" });
    expect(splitDerivedVersion("report.csv@v0")).toEqual({ name: "report.csv@v0" });
  });

  it("refuses names that carry a version, hide, or are empty", () => {
    expect(normaliseDerivedName("reports/top.csv")).toBe("reports/top.csv");
    for (const raw of ["top.csv@v3", ".hidden", "a/.b", "", "/abs", "../x"]) {
      expect(refusal(() => normaliseDerivedName(raw))).toBe("PATH_NOT_ALLOWED");
    }
  });
});
