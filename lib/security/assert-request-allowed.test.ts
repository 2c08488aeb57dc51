import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { afterEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { config } from "@/proxy";
import { accessCookieName, accessCookieValue } from "./access-token";
import { assertRequestAllowed } from "./assert-request-allowed";

const saved = { ...process.env };
const token = "assert-test-access-token-0123";

afterEach(() => {
  process.env = { ...saved };
  resetEnvForTests();
});

function upload(headers: Record<string, string>) {
  return new Request("http://127.0.0.1:3000/api/projects/p-1/datasets", {
    method: "POST",
    headers: {
      host: "127.0.0.1:3000",
      "content-type": "multipart/form-data; boundary=x",
      ...headers,
    },
    body: "--x--",
  });
}

describe("assertRequestAllowed (routes outside the proxy)", () => {
  it("throws the proxy's refusals", () => {
    const crossSite = upload({ origin: "http://evil.example", "sec-fetch-site": "cross-site" });
    expect(() => assertRequestAllowed({ request: crossSite })).toThrow(
      expect.objectContaining({ code: "FORBIDDEN_ORIGIN", status: 403 }),
    );
    expect(() => assertRequestAllowed({ request: upload({ host: "evil.example" }) })).toThrow(
      expect.objectContaining({ code: "FORBIDDEN_ORIGIN" }),
    );
  });

  it("passes same-origin and origin-less requests, and reads the login cookie", () => {
    expect(() =>
      assertRequestAllowed({ request: upload({ origin: "http://127.0.0.1:3000" }) }),
    ).not.toThrow();
    process.env = { ...saved, WORKBENCH_ACCESS_TOKEN: token };
    resetEnvForTests();
    expect(() => assertRequestAllowed({ request: upload({}) })).toThrow(
      expect.objectContaining({ code: "UNAUTHORIZED" }),
    );
    const cookie = `other=1; ${accessCookieName}=${accessCookieValue({ token })}`;
    expect(() => assertRequestAllowed({ request: upload({ cookie }) })).not.toThrow();
  });
});

describe("proxy matcher", () => {
  it("covers pages and every API route but the streamed upload, not build assets", () => {
    const guarded = [
      "/",
      "/datasets",
      "/login",
      "/api/projects",
      "/api/projects/p/sessions",
      "/api/runs/r/approvals",
      "/api/datasets/d/construct",
    ];
    for (const url of guarded) {
      expect(unstable_doesMiddlewareMatch({ config, url }), url).toBe(true);
    }
    // The upload route checks itself (assertRequestAllowed): through the proxy its body would be
    // buffered and cut at 10 MB.
    for (const url of ["/_next/static/chunks/app.js", "/favicon.ico", "/api/projects/p/datasets"]) {
      expect(unstable_doesMiddlewareMatch({ config, url }), url).toBe(false);
    }
  });
});
