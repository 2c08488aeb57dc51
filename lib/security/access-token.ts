import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/** The HttpOnly cookie the login form sets (SEC-1). */
export const accessCookieName = "workbench_access";

/** How long a login lasts in the browser. */
export const accessCookieMaxAgeSeconds = 30 * 24 * 3600;

/**
 * The cookie holds a value derived from the token, not the token itself, so a cookie seen in a
 * browser profile does not reveal the token an API client would use; changing the token logs
 * every browser out.
 */
export function accessCookieValue({ token }: { token: string }): string {
  return createHmac("sha256", token).update("graph-workbench access cookie v1").digest("base64url");
}

/** Constant-time equality of two secrets (hashing first equalises their lengths). */
export function secretsEqual({ presented, expected }: { presented: string; expected: string }) {
  const left = createHash("sha256").update(presented).digest();
  const right = createHash("sha256").update(expected).digest();
  return timingSafeEqual(left, right);
}

/** True when the request carries the access token as `Authorization: Bearer` or the cookie. */
export function hasValidAccessCredential({
  token,
  authorization,
  cookie,
}: {
  token: string;
  authorization: string | null;
  cookie: string | undefined;
}): boolean {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1];
  if (bearer !== undefined && secretsEqual({ presented: bearer, expected: token })) return true;
  return (
    cookie !== undefined &&
    secretsEqual({ presented: cookie, expected: accessCookieValue({ token }) })
  );
}
