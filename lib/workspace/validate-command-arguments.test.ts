import { describe, expect, it } from "vitest";
import { WorkspaceError } from "@/lib/errors/workspace-error";
import { validateCommandArguments } from "./validate-command-arguments";

/** Validates with a resolver that marks path operands, so tests see which ones were paths. */
async function check(command: string, args: string[]) {
  return (await validateCommandArguments({ command, args, resolvePath: async (raw) => `<${raw}>` }))
    .args;
}

async function refusal(command: string, args: string[]) {
  try {
    await check(command, args);
  } catch (error) {
    if (WorkspaceError.isInstance(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("validateCommandArguments", () => {
  it.each([
    ["python3", []],
    ["awk", ["{print}"]],
    ["sed", ["-n", "1p"]],
    ["sh", ["-c", "id"]],
    ["/usr/bin/cat", ["x"]],
    ["toString", []],
    ["__proto__", []],
  ])("refuses the command %s", async (command, args) => {
    expect((await refusal(command, args)).code).toBe("COMMAND_NOT_ALLOWED");
  });

  it.each([
    ["sort", ["-o", "out.txt", "in.txt"]],
    ["sort", ["-no", "out.txt", "in.txt"]],
    ["sort", ["--output=out.txt", "in.txt"]],
    ["sort", ["--out=out.txt", "in.txt"]],
    ["sort", ["--compress-program=sh", "in.txt"]],
    ["sort", ["-T", "/tmp", "in.txt"]],
    ["sort", ["in.txt", "--files0-from=list"]],
    ["wc", ["--files0-from=list"]],
    ["grep", ["-R", "x", "."]],
    ["grep", ["-rf", "patterns", "."]],
    ["grep", ["--exclude-from=names", "x", "."]],
    ["ls", ["-L", "."]],
    ["ls", ["-lH", "."]],
    ["head", ["--lines"]],
    ["cut", ["-f"]],
    ["cat", ["--number=3", "x"]],
  ])("refuses %s %j", async (command, args) => {
    expect((await refusal(command, args)).code).toBe("ARGUMENT_NOT_ALLOWED");
  });

  it("explains why a known-dangerous option is refused", async () => {
    expect((await refusal("sort", ["-o", "x"])).message).toMatch(/writes a file/);
    expect((await refusal("sort", ["--compress-program=gzip"])).message).toMatch(/runs another/);
  });

  it("refuses uniq's second operand, which uniq would write", async () => {
    expect((await refusal("uniq", ["in.txt", "out.txt"])).code).toBe("ARGUMENT_NOT_ALLOWED");
    expect(await check("uniq", ["-c", "in.txt"])).toEqual(["-c", "<in.txt>"]);
  });

  it("resolves path operands wherever getopt would see them", async () => {
    expect(await check("sort", ["-t,", "-k2,2n", "a.csv", "-r", "b.csv"])).toEqual([
      "-t,",
      "-k2,2n",
      "<a.csv>",
      "-r",
      "<b.csv>",
    ]);
    expect(await check("sort", ["-t", ",", "-k", "2", "a.csv"])).toEqual([
      "-t",
      ",",
      "-k",
      "2",
      "<a.csv>",
    ]);
    expect(await check("head", ["-5", "--lines=3", "Uploaded/x.csv"])).toEqual([
      "-5",
      "--lines=3",
      "<Uploaded/x.csv>",
    ]);
    expect(await check("cat", ["--", "-n"])).toEqual(["--", "<-n>"]);
    expect(await check("cat", ["-"])).toEqual(["-"]);
  });

  it("treats grep's first operand as the pattern unless -e gives one", async () => {
    expect(await check("grep", ["-in", "alice", "a.csv"])).toEqual(["-in", "alice", "<a.csv>"]);
    expect(await check("grep", ["-e", "alice", "a.csv", "b.csv"])).toEqual([
      "-e",
      "alice",
      "<a.csv>",
      "<b.csv>",
    ]);
    expect(await check("grep", ["-ie", "x", "a.csv"])).toEqual(["-ie", "x", "<a.csv>"]);
    expect(await check("grep", ["-A", "e", "pat", "a.csv"])).toEqual(["-A", "e", "pat", "<a.csv>"]);
    expect(await check("grep", ["-r", "--include=*.csv", "pat"])).toEqual([
      "-r",
      "--include=*.csv",
      "pat",
    ]);
  });

  it("takes an option value verbatim, even when it looks like an option", async () => {
    // getopt gives -t the next argument; "-o" is a separator here, not sort's -o.
    expect(await check("sort", ["-t", "-o", "a.csv"])).toEqual(["-t", "-o", "<a.csv>"]);
  });

  it("passes echo's arguments through as text", async () => {
    expect(await check("echo", ["-e", "a\\tb", "../../etc/passwd"])).toEqual([
      "-e",
      "a\\tb",
      "../../etc/passwd",
    ]);
  });

  it("refuses NUL bytes, too many and too long arguments", async () => {
    expect((await refusal("echo", ["a\0b"])).code).toBe("ARGUMENT_NOT_ALLOWED");
    expect((await refusal("echo", Array(65).fill("x"))).code).toBe("ARGUMENT_NOT_ALLOWED");
    expect((await refusal("echo", ["x".repeat(5000)])).code).toBe("ARGUMENT_NOT_ALLOWED");
  });

  it("tail -f and optional long values are accepted (the timeout bounds them)", async () => {
    expect(await check("tail", ["-f", "log.txt"])).toEqual(["-f", "<log.txt>"]);
    expect(await check("tail", ["--follow=name", "-n", "+2", "log.txt"])).toEqual([
      "--follow=name",
      "-n",
      "+2",
      "<log.txt>",
    ]);
    // Without "=", --follow takes no value: "name" is a file operand.
    expect(await check("tail", ["--follow", "name"])).toEqual(["--follow", "<name>"]);
  });
});
