import { describe, expect, it } from "vitest";
import { WorkspaceError } from "@/lib/errors/workspace-error";
import { decodeText } from "./view-workspace-file";

function code(action: () => unknown) {
  try {
    action();
  } catch (error) {
    if (WorkspaceError.isInstance(error)) return error.code;
    throw error;
  }
  return undefined;
}

describe("decodeText", () => {
  it("returns UTF-8 text", () => {
    expect(decodeText(Buffer.from("héllo\n"), false, "x")).toBe("héllo\n");
  });

  it("drops a character cut in half by the byte limit", () => {
    const bytes = Buffer.from("aé");
    expect(decodeText(bytes.subarray(0, 2), true, "x")).toBe("a");
  });

  it("refuses NUL bytes and invalid UTF-8 as binary", () => {
    expect(code(() => decodeText(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00]), false, "x"))).toBe(
      "BINARY_FILE",
    );
    expect(code(() => decodeText(Buffer.from([0xff, 0xfe, 0x41]), false, "x"))).toBe("BINARY_FILE");
    // A cut character is only forgiven at the end of a truncated read.
    expect(code(() => decodeText(Buffer.from("aé").subarray(0, 2), false, "x"))).toBe(
      "BINARY_FILE",
    );
  });
});
