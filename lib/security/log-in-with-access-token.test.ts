import { afterEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { accessCookieValue, hasValidAccessCredential } from "./access-token";
import { logInWithAccessToken } from "./log-in-with-access-token";

const saved = { ...process.env };
const token = "login-test-access-token-0123";

afterEach(() => {
  process.env = { ...saved };
  resetEnvForTests();
});

describe("logInWithAccessToken", () => {
  it("sets an HttpOnly, SameSite=Strict cookie the proxy accepts", () => {
    process.env = { ...saved, WORKBENCH_ACCESS_TOKEN: token };
    resetEnvForTests();
    const { setCookie } = logInWithAccessToken({ token, secure: true });
    expect(setCookie).toMatch(/^workbench_access=[\w-]+; Path=\/; HttpOnly; SameSite=Strict; /);
    expect(setCookie).toMatch(/; Secure$/);
    const value = /^workbench_access=([\w-]+);/.exec(setCookie)?.[1];
    expect(value).toBe(accessCookieValue({ token }));
    expect(hasValidAccessCredential({ token, authorization: null, cookie: value })).toBe(true);
  });

  it("answers a wrong token with 401 UNAUTHORIZED", () => {
    process.env = { ...saved, WORKBENCH_ACCESS_TOKEN: token };
    resetEnvForTests();
    expect(() => logInWithAccessToken({ token: `${token}x`, secure: false })).toThrow(
      expect.objectContaining({ code: "UNAUTHORIZED", status: 401 }),
    );
  });

  it("is not found when no token is configured", () => {
    process.env = { ...saved };
    delete process.env.WORKBENCH_ACCESS_TOKEN;
    resetEnvForTests();
    expect(() => logInWithAccessToken({ token, secure: false })).toThrow(
      expect.objectContaining({ code: "NOT_FOUND" }),
    );
  });
});
