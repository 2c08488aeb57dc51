import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, expectTypeOf, it } from "vitest";
import { EngineError, type EngineErrorCode } from "@/lib/engine/engine-error";
import type { WorkspaceErrorCode } from "@/lib/errors/workspace-error";
import { scanSourceFiles } from "@/lib/testing/source-imports";
import { ApiError } from "./api-error";
import { type ErrorCode, errorStatus } from "./error-codes";
import { InvalidRequestError, NotFoundError, PayloadTooLargeError } from "./http-errors";
import { ApprovalConflictError, SessionBusyError } from "./run-control-errors";

// The contract's core codes (docs/api.md "Error codes" lists them with the rest; the list
// is kept here so a code dropped from the table, or renumbered, fails this test).
const contractCodes = [
  "INVALID_REQUEST",
  "UNAUTHORIZED",
  "NOT_FOUND",
  "MODEL_NOT_CONFIGURED",
  "START_IDEMPOTENCY_CONFLICT",
  "SESSION_BUSY",
  "DATASET_SCOPE_REQUIRED",
  "TOOL_DEPENDENCY_BLOCKED",
  "APPROVAL_CONFLICT",
  "REVISION_CONFLICT",
  "REPLAY_UNAVAILABLE",
  "INVALID_CANCEL_TARGET",
  "CANCEL_ID_CONFLICT",
  "CANCEL_NOT_CONFIRMED",
  "RESULT_UNAVAILABLE",
  "FORBIDDEN_ORIGIN",
  "UNSUPPORTED_MEDIA_TYPE",
  "PERSISTENCE_FAILED",
  "INTERRUPTED",
  "SKILL_CONFLICT",
  "BUILTIN_SKILL_READONLY",
  "GRAPH_NOT_LOADED",
  "NODE_NOT_FOUND",
  "UNSUPPORTED_FILE",
  "PARSE_ERROR",
  "PAYLOAD_TOO_LARGE",
  "JOB_FAILED",
  "JOB_CANCELLED",
] as const satisfies readonly ErrorCode[];

// The statuses docs/api.md states for a core code; the table must agree with every one.
const contractStatuses: Partial<Record<ErrorCode, number>> = {
  INVALID_REQUEST: 400,
  UNAUTHORIZED: 401,
  NOT_FOUND: 404,
  MODEL_NOT_CONFIGURED: 422,
  START_IDEMPOTENCY_CONFLICT: 409,
  SESSION_BUSY: 409,
  APPROVAL_CONFLICT: 409,
  REPLAY_UNAVAILABLE: 410,
  INVALID_CANCEL_TARGET: 400,
  CANCEL_ID_CONFLICT: 409,
  CANCEL_NOT_CONFIRMED: 503,
  FORBIDDEN_ORIGIN: 403,
  UNSUPPORTED_MEDIA_TYPE: 415,
  SKILL_CONFLICT: 409,
  BUILTIN_SKILL_READONLY: 403,
};

describe("error code table", () => {
  it("gives every core contract code exactly one HTTP status", () => {
    for (const code of contractCodes) {
      const status = errorStatus[code];
      expect(Number.isInteger(status), code).toBe(true);
      expect(status >= 400 && status < 600, `${code}: ${status}`).toBe(true);
    }
    expect(new Set(contractCodes).size).toBe(contractCodes.length);
  });

  it("holds the engine's and the workspace's codes (checked by the type checker)", () => {
    expectTypeOf<EngineErrorCode>().toExtend<ErrorCode>();
    expectTypeOf<WorkspaceErrorCode>().toExtend<ErrorCode>();
    expect(errorStatus.GRAPH_NOT_WEIGHTED).toBe(422);
    expect(errorStatus.PATH_NOT_ALLOWED).toBe(403);
  });

  it("agrees with every status docs/api.md states", () => {
    for (const [code, status] of Object.entries(contractStatuses)) {
      expect([code, errorStatus[code as ErrorCode]]).toEqual([code, status]);
    }
  });

  it("lists each code once in its source (a second entry would silently win)", () => {
    const source = readFileSync(
      path.join(import.meta.dirname, "../contracts/error-codes.ts"),
      "utf8",
    );
    const keys = [...source.matchAll(/^\s+([A-Z][A-Z_]+):\s*\d{3},/gm)].map((match) => match[1]);
    expect(keys.length).toBe(Object.keys(errorStatus).length);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("gives an ApiError the status of its code, and takes no status of its own", () => {
    expect(new InvalidRequestError("bad").status).toBe(400);
    expect(new NotFoundError("Run").status).toBe(404);
    expect(new PayloadTooLargeError(1024).status).toBe(413);
    expect(new SessionBusyError("busy").status).toBe(409);
    expect(new ApprovalConflictError("stale").status).toBe(409);
    // @ts-expect-error a throw site names a code; the status is the table's
    const error = new ApiError({ code: "NOT_FOUND", status: 500, message: "x" });
    expect(error.status).toBe(404);
    expect(ApiError.isInstance(error)).toBe(true);
    expect(ApiError.isInstance(new EngineError("NOT_FOUND" as never, "x"))).toBe(false);
  });

  it("has no ApiError subclass or construction in the sources that passes a status", () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const offenders: string[] = [];
    let checked = 0;
    for (const file of scanSourceFiles({ root }).values()) {
      if (file.path.endsWith(".test.ts") || file.path.startsWith("node_modules/")) continue;
      const text = readFileSync(path.join(root, file.path), "utf8");
      if (!/extends ApiError\b|new ApiError\(/.test(text)) continue;
      checked += 1;
      if (/\bstatus:\s*\d{3}\b/.test(text)) offenders.push(file.path);
    }
    expect(checked).toBeGreaterThan(5);
    expect(offenders).toEqual([]);
  });
});
