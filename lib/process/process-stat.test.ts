import { describe, expect, it } from "vitest";
import { hasExited, parseProcessStat, readProcessStat } from "./process-stat";

// Fields 4…52 of a real line (after the state), with field 22 (start time) set to 32907.
const tail =
  "10150 10150 5323 0 -1 4194304 102 0 0 0 0 0 0 0 20 0 1 0 32907 3133440 415 " +
  "18446744073709551615 93891440611328 93891440631209 140730911527408 0 0 0 0 0 0 0 0 0 17 0 0";

describe("parseProcessStat", () => {
  it("reads the state (field 3) and the start time in ticks (field 22)", () => {
    expect(parseProcessStat({ text: `10152 (cat) R ${tail}\n` })).toEqual({
      state: "R",
      startTicks: "32907",
    });
  });

  it("counts fields after the last ')': a command name may hold spaces and parentheses", () => {
    const text = `4242 (next-server (v16) ) Z 1) Z ${tail}`;
    expect(parseProcessStat({ text })).toEqual({ state: "Z", startTicks: "32907" });
  });

  it("refuses text that is not a stat line", () => {
    expect(parseProcessStat({ text: "" })).toBeNull();
    expect(parseProcessStat({ text: "1 (init) S 0 1" })).toBeNull();
    expect(parseProcessStat({ text: `1 init S ${tail}` })).toBeNull();
  });

  it("calls a zombie or a dead process exited, a sleeping one not", () => {
    expect(hasExited({ state: "Z", startTicks: "1" })).toBe(true);
    expect(hasExited({ state: "X", startTicks: "1" })).toBe(true);
    expect(hasExited({ state: "S", startTicks: "1" })).toBe(false);
  });
});

describe("readProcessStat", () => {
  it("reads this process, and calls a pid nobody holds absent", () => {
    const self = readProcessStat({ self: true });
    expect(self.kind).toBe("present");
    const byPid = readProcessStat({ pid: process.pid });
    expect(byPid).toEqual(self.kind === "present" ? { kind: "present", stat: self.stat } : self);
    // Above the kernel's largest pid, so certainly unused.
    expect(readProcessStat({ pid: 2 ** 22 + 1 })).toEqual({ kind: "absent" });
  });
});
