import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors/api-error";
import { environmentFromState, validateEnvironmentChanges } from "./session-environment";

function refusal(variables: Record<string, string | null>) {
  try {
    validateEnvironmentChanges(variables);
  } catch (error) {
    if (ApiError.isInstance(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("validateEnvironmentChanges", () => {
  it("accepts upper-case names, string values and null removals", () => {
    expect(validateEnvironmentChanges({ TOP_K: "10", _X1: "", OLD: null })).toEqual({
      TOP_K: "10",
      _X1: "",
      OLD: null,
    });
  });

  it.each(["lower", "1ABC", "A-B", "A B", "", "X".repeat(65)])("refuses the name %j", (name) => {
    expect(refusal({ [name]: "v" }).code).toBe("INVALID_REQUEST");
  });

  it.each([
    "PATH",
    "LD_PRELOAD",
    "LD_LIBRARY_PATH",
    "GCONV_PATH",
    "LC_ALL",
    "TMPDIR",
    "POSIXLY_CORRECT",
    "GLIBC_TUNABLES",
  ])("refuses the reserved name %s", (name) => {
    expect(refusal({ [name]: "v" }).message).toMatch(/reserved/);
  });

  it("refuses NUL bytes and oversize values without quoting the value", () => {
    const secret = "s3cr3t-value";
    const nul = refusal({ TOKEN: `${secret}\0` });
    expect(nul.code).toBe("INVALID_REQUEST");
    expect(nul.message).not.toContain(secret);
    expect(refusal({ BIG: "x".repeat(4097) }).code).toBe("INVALID_REQUEST");
  });

  it("reads only well-formed variables back from session state", () => {
    expect(
      environmentFromState({
        workspace_environment: { GOOD: "1", bad: "2", LD_PRELOAD: "x", NUM: 3 },
        other: true,
      }),
    ).toEqual({ GOOD: "1" });
    expect(environmentFromState({})).toEqual({});
    expect(environmentFromState(null)).toEqual({});
  });
});
