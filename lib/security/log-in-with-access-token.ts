import { z } from "zod";
import { getEnv } from "@/lib/env";
import { NotFoundError, UnauthorizedError } from "@/lib/errors/http-errors";
import {
  accessCookieMaxAgeSeconds,
  accessCookieName,
  accessCookieValue,
  secretsEqual,
} from "./access-token";

export const loginBodySchema = z.object({ token: z.string().min(1).max(4096) });

/**
 * Checks a token typed into the login form and returns the Set-Cookie header that lets this
 * browser in: HttpOnly (page scripts never see it) and SameSite=Strict (no other site's request
 * carries it).
 */
export function logInWithAccessToken({ token, secure }: { token: string; secure: boolean }): {
  setCookie: string;
} {
  const expected = getEnv().WORKBENCH_ACCESS_TOKEN;
  if (!expected) throw new NotFoundError("Login (no WORKBENCH_ACCESS_TOKEN is configured)");
  if (!secretsEqual({ presented: token, expected })) {
    throw new UnauthorizedError("That access token is not right.");
  }
  const attributes = [
    `${accessCookieName}=${accessCookieValue({ token: expected })}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Strict",
    `Max-Age=${accessCookieMaxAgeSeconds}`,
    ...(secure ? ["Secure"] : []),
  ];
  return { setCookie: attributes.join("; ") };
}
