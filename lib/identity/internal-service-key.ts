import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ConfigurationError, getEnv } from "@/lib/env";

let cachedKey: string | undefined;

/**
 * The key internal callers (MCP, /api/internal) must present. Production refuses to start
 * without one; development generates one and keeps it in the data directory so it survives
 * restarts (AF-5: login-free mode does not remove the check).
 */
export function getInternalServiceKey(): string {
  if (cachedKey) return cachedKey;
  const env = getEnv();
  if (env.INTERNAL_SERVICE_KEY) {
    cachedKey = env.INTERNAL_SERVICE_KEY;
    return cachedKey;
  }
  if (env.NODE_ENV === "production") {
    throw new ConfigurationError(
      "INTERNAL_SERVICE_KEY is required in production (at least 16 characters); see .env.example.",
    );
  }
  const file = path.join(env.dataDirectory, "internal-service-key");
  try {
    cachedKey = readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(env.dataDirectory, { recursive: true });
    cachedKey = randomBytes(32).toString("base64url");
    writeFileSync(file, cachedKey, { mode: 0o600 });
  }
  return cachedKey;
}

/** Constant-time comparison of a presented key with ours (hashing equalises the lengths). */
export function isValidInternalKey(presented: string | null | undefined): boolean {
  if (!presented) return false;
  const expected = createHash("sha256").update(getInternalServiceKey()).digest();
  const actual = createHash("sha256").update(presented).digest();
  return timingSafeEqual(expected, actual);
}
