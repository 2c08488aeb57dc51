import { describe, expect, it } from "vitest";
import { type AdmissionRows, decideAdmission } from "./decide-admission";

const free: AdmissionRows = {
  existing: null,
  cancelledBeforeStart: false,
  busy: null,
  latest: null,
};
const existing = { id: "run-1", requestFingerprint: "f1", executionGeneration: 1 };
const busy = { id: "run-0", runStatus: "running" as const, terminalPersisted: false };

describe("decideAdmission", () => {
  it("creates a run in a free session", () => {
    expect(decideAdmission({ rows: free, request: { fingerprint: "f1" } })).toEqual({
      kind: "create",
      cancelled: false,
    });
  });

  it("returns the same run for the same start_request_id and content (idempotent)", () => {
    const decision = decideAdmission({
      rows: { ...free, existing, busy },
      request: { fingerprint: "f1" },
    });
    expect(decision).toEqual({ kind: "existing", run: existing });
  });

  it("refuses the same start_request_id with different content", () => {
    const decision = decideAdmission({
      rows: { ...free, existing },
      request: { fingerprint: "f2" },
    });
    expect(decision).toEqual({ kind: "idempotency_conflict", run: existing });
  });

  it("refuses a busy session", () => {
    expect(decideAdmission({ rows: { ...free, busy }, request: { fingerprint: "f1" } })).toEqual({
      kind: "busy",
      run: busy,
    });
  });

  it("records a start cancelled before it arrived as cancelled, even in a busy session (RC-3)", () => {
    const decision = decideAdmission({
      rows: { ...free, cancelledBeforeStart: true, busy },
      request: { fingerprint: "f1", replacesRunId: "someone-else" },
    });
    expect(decision).toEqual({ kind: "create", cancelled: true });
  });

  it("lets an edit replace only the latest finished, saved run", () => {
    const latest = { id: "run-9", runStatus: "completed" as const, terminalPersisted: true };
    const edit = (rows: Partial<AdmissionRows>, replacesRunId = "run-9") =>
      decideAdmission({
        rows: { ...free, ...rows },
        request: { fingerprint: "f1", replacesRunId },
      });
    expect(edit({ latest })).toEqual({ kind: "create", cancelled: false });
    for (const runStatus of ["cancelled", "error", "interrupted"] as const) {
      expect(edit({ latest: { ...latest, runStatus } }).kind).toBe("create");
    }
    const notLatest = {
      kind: "not_replaceable",
      reason: "Only the latest turn of this session can be edited.",
    };
    expect(edit({ latest }, "run-8")).toEqual(notLatest);
    expect(edit({ latest: null })).toEqual(notLatest);
    const working = {
      kind: "not_replaceable",
      reason: "The latest turn is still working; stop it or wait before editing it.",
    };
    expect(edit({ latest: { ...latest, runStatus: "paused" } })).toEqual(working);
    expect(edit({ latest: { ...latest, terminalPersisted: false } })).toEqual(working);
  });
});
