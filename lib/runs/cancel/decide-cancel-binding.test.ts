import { describe, expect, it } from "vitest";
import { decideCancelBinding, hasOneCancelTarget } from "./decide-cancel-binding";

describe("hasOneCancelTarget", () => {
  it("accepts exactly one of run_id and start_request_id", () => {
    expect(hasOneCancelTarget({ runId: "run-1" })).toBe(true);
    expect(hasOneCancelTarget({ startRequestId: "start-1" })).toBe(true);
    expect(hasOneCancelTarget({})).toBe(false);
    expect(hasOneCancelTarget({ runId: "run-1", startRequestId: "start-1" })).toBe(false);
  });
});

describe("decideCancelBinding", () => {
  const request = { ownerId: "user-1", cancelRequestId: "cancel-1", runId: "run-1" };

  it("binds a new cancel_request_id to its target", () => {
    expect(decideCancelBinding({ existing: null, request })).toEqual({ kind: "new" });
  });

  it("accepts the same id for the same target as a repeat", () => {
    const existing = { ownerId: "user-1", runId: "run-1", startRequestId: null };
    expect(decideCancelBinding({ existing, request })).toEqual({ kind: "repeat" });
    const byStart = { ownerId: "user-1", runId: null, startRequestId: "start-1" };
    expect(
      decideCancelBinding({
        existing: byStart,
        request: { ownerId: "user-1", cancelRequestId: "cancel-1", startRequestId: "start-1" },
      }),
    ).toEqual({ kind: "repeat" });
  });

  it("refuses the id reused for another run, naming the target it is bound to", () => {
    const existing = { ownerId: "user-1", runId: "run-2", startRequestId: null };
    expect(decideCancelBinding({ existing, request })).toEqual({
      kind: "conflict",
      details: { cancel_request_id: "cancel-1", bound_to: { run_id: "run-2" } },
    });
  });

  it("refuses the id reused across target kinds", () => {
    const existing = { ownerId: "user-1", runId: null, startRequestId: "start-1" };
    expect(decideCancelBinding({ existing, request })).toEqual({
      kind: "conflict",
      details: { cancel_request_id: "cancel-1", bound_to: { start_request_id: "start-1" } },
    });
  });

  it("never names another owner's target", () => {
    const existing = { ownerId: "user-2", runId: "run-1", startRequestId: null };
    expect(decideCancelBinding({ existing, request })).toEqual({
      kind: "conflict",
      details: { cancel_request_id: "cancel-1", bound_to: "another target" },
    });
  });
});
