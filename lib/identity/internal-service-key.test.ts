import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetEnvForTests } from "@/lib/env";

const saved = { ...process.env };
let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), "workbench-key-"));
  process.env.DATA_DIR = directory;
  delete process.env.INTERNAL_SERVICE_KEY;
  resetEnvForTests();
  // The module caches the key; each case needs a fresh copy.
  vi.resetModules();
});

afterEach(async () => {
  process.env = { ...saved };
  resetEnvForTests();
  await rm(directory, { recursive: true, force: true });
});

describe("internal service key", () => {
  it("is a start-up error in production when missing", async () => {
    Object.assign(process.env, { NODE_ENV: "production" });
    resetEnvForTests();
    const { getInternalServiceKey } = await import("./internal-service-key");
    expect(() => getInternalServiceKey()).toThrow(/INTERNAL_SERVICE_KEY is required/);
  });

  it("is generated once in development and kept in the data directory", async () => {
    Object.assign(process.env, { NODE_ENV: "development" });
    resetEnvForTests();
    const first = await import("./internal-service-key");
    const key = first.getInternalServiceKey();
    expect(key.length).toBeGreaterThanOrEqual(32);
    const file = path.join(directory, "internal-service-key");
    expect((await readFile(file, "utf8")).trim()).toBe(key);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    vi.resetModules();
    const second = await import("./internal-service-key");
    expect(second.getInternalServiceKey()).toBe(key);
  });

  it("accepts only the exact configured key", async () => {
    process.env.INTERNAL_SERVICE_KEY = "configured-key-0123456789";
    resetEnvForTests();
    const { isValidInternalKey } = await import("./internal-service-key");
    expect(isValidInternalKey("configured-key-0123456789")).toBe(true);
    expect(isValidInternalKey("configured-key-012345678")).toBe(false);
    expect(isValidInternalKey("")).toBe(false);
    expect(isValidInternalKey(null)).toBe(false);
  });
});
