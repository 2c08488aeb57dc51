import { NextRequest } from "next/server";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { proxy } from "@/proxy";
import { accessCookieName, accessCookieValue } from "./access-token";

// The real proxy() with real NextRequests: the same function `next start` runs before every route.
const saved = { ...process.env };
const internalKey = "proxy-test-internal-key-0123456789";
const accessToken = "proxy-test-access-token-0123456789";
const base = "http://127.0.0.1:3000";
const sameOrigin = { host: "127.0.0.1:3000", origin: base, "sec-fetch-site": "same-origin" };
const evil = {
  host: "127.0.0.1:3000",
  origin: "http://evil.example",
  "sec-fetch-site": "cross-site",
};
const json = { "content-type": "application/json" };

function configure(values: Record<string, string | undefined>) {
  process.env = { ...saved, INTERNAL_SERVICE_KEY: internalKey };
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvForTests();
}

function request(path: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  const method = init.method ?? "POST";
  const hasBody = method !== "GET" && method !== "HEAD";
  return new NextRequest(`${base}${path}`, {
    method,
    headers: { host: "127.0.0.1:3000", ...init.headers },
    body: hasBody ? '{"name":"x"}' : undefined,
  });
}

async function refusal(response: Response) {
  const body = (await response.json()) as { error: { code: string } };
  return { status: response.status, code: body.error.code };
}

function passedThrough(response: Response): boolean {
  return response.headers.get("x-middleware-next") === "1";
}

beforeEach(() => configure({ WORKBENCH_ACCESS_TOKEN: undefined, ALLOWED_ORIGINS: undefined }));
afterAll(() => {
  process.env = { ...saved };
  resetEnvForTests();
});

describe("proxy: cross-origin state changes (SEC-2)", () => {
  it.each([
    "/api/projects",
    "/api/runs/run-1/approvals",
    "/api/runs/cancel",
    "/api/projects/p-1/datasets",
  ])("refuses a cross-site POST %s with 403 FORBIDDEN_ORIGIN", async (path) => {
    const response = proxy(request(path, { headers: { ...evil, ...json } }));
    expect(await refusal(response)).toEqual({ status: 403, code: "FORBIDDEN_ORIGIN" });
  });

  it("refuses a foreign Origin even without Sec-Fetch-Site (older browsers)", async () => {
    const response = proxy(
      request("/api/projects", { headers: { origin: "http://evil.example", ...json } }),
    );
    expect(await refusal(response)).toEqual({ status: 403, code: "FORBIDDEN_ORIGIN" });
  });

  it("refuses Sec-Fetch-Site: cross-site / same-site even without an Origin", async () => {
    for (const site of ["cross-site", "same-site"]) {
      const response = proxy(
        request("/api/projects", { headers: { "sec-fetch-site": site, ...json } }),
      );
      expect(await refusal(response)).toEqual({ status: 403, code: "FORBIDDEN_ORIGIN" });
    }
  });

  it("refuses Origin: null (sandboxed frames)", async () => {
    const response = proxy(request("/api/projects", { headers: { origin: "null", ...json } }));
    expect(await refusal(response)).toEqual({ status: 403, code: "FORBIDDEN_ORIGIN" });
  });

  it("lets same-origin browser requests and origin-less clients through", () => {
    expect(
      passedThrough(proxy(request("/api/projects", { headers: { ...sameOrigin, ...json } }))),
    ).toBe(true);
    expect(passedThrough(proxy(request("/api/runs/cancel", { headers: json })))).toBe(true);
  });

  it("honours ALLOWED_ORIGINS (a reverse proxy's public origin)", async () => {
    configure({ ALLOWED_ORIGINS: "https://wb.example.org" });
    const proxied = { origin: "https://wb.example.org", "sec-fetch-site": "cross-site", ...json };
    expect(passedThrough(proxy(request("/api/projects", { headers: proxied })))).toBe(true);
    const other = proxy(request("/api/projects", { headers: { ...evil, ...json } }));
    expect(await refusal(other)).toEqual({ status: 403, code: "FORBIDDEN_ORIGIN" });
  });

  it("does not apply the origin rule to reads", () => {
    expect(passedThrough(proxy(request("/api/projects", { method: "GET", headers: evil })))).toBe(
      true,
    );
  });
});

describe("proxy: media types (SEC-2)", () => {
  it("refuses a same-origin text/plain JSON body with 415 UNSUPPORTED_MEDIA_TYPE", async () => {
    for (const type of ["text/plain;charset=UTF-8", "application/x-www-form-urlencoded"]) {
      const headers = { ...sameOrigin, "content-type": type };
      const response = proxy(request("/api/runs/run-1/approvals", { headers }));
      expect(await refusal(response)).toEqual({ status: 415, code: "UNSUPPORTED_MEDIA_TYPE" });
    }
  });

  it("refuses a body without any content type, allows a bodiless POST", async () => {
    const withBody = proxy(request("/api/projects", { headers: { "content-length": "12" } }));
    expect(await refusal(withBody)).toEqual({ status: 415, code: "UNSUPPORTED_MEDIA_TYPE" });
    const empty = new NextRequest(`${base}/api/runs/cancel`, {
      method: "POST",
      headers: sameOrigin,
    });
    expect(passedThrough(proxy(empty))).toBe(true);
  });

  it("takes multipart on the upload route, and only there", async () => {
    const multipart = { ...sameOrigin, "content-type": "multipart/form-data; boundary=x" };
    expect(
      passedThrough(proxy(request("/api/projects/p-1/datasets", { headers: multipart }))),
    ).toBe(true);
    const elsewhere = proxy(request("/api/projects", { headers: multipart }));
    expect(await refusal(elsewhere)).toEqual({ status: 415, code: "UNSUPPORTED_MEDIA_TYPE" });
  });
});

describe("proxy: Host allow-list (DNS rebinding)", () => {
  it("refuses a rebinding Host for reads and writes with 403 FORBIDDEN_ORIGIN", async () => {
    const rebinding = { host: "evil.example:3000", origin: "http://evil.example:3000", ...json };
    for (const method of ["GET", "POST"]) {
      const response = proxy(request("/api/projects", { method, headers: rebinding }));
      expect(await refusal(response)).toEqual({ status: 403, code: "FORBIDDEN_ORIGIN" });
    }
    const page = proxy(request("/datasets", { method: "GET", headers: { host: "evil.example" } }));
    expect(page.status).toBe(403);
  });

  it("serves loopback names and ALLOWED_HOSTS", () => {
    for (const host of ["localhost:3000", "127.0.0.1", "[::1]:3000"]) {
      expect(
        passedThrough(proxy(request("/api/projects", { method: "GET", headers: { host } }))),
      ).toBe(true);
    }
    configure({ ALLOWED_HOSTS: "wb.internal" });
    const named = proxy(
      request("/api/projects", { method: "GET", headers: { host: "wb.internal:3000" } }),
    );
    expect(passedThrough(named)).toBe(true);
  });

  it("keeps GET /api/health reachable for readiness probes", () => {
    const probe = proxy(
      request("/api/health", { method: "GET", headers: { host: "10.0.0.7:3000" } }),
    );
    expect(passedThrough(probe)).toBe(true);
  });
});

describe("proxy: internal routes", () => {
  it("require X-Internal-Key, whatever the host", async () => {
    const missing = proxy(request("/api/mcp", { headers: json }));
    expect(await refusal(missing)).toEqual({ status: 401, code: "UNAUTHORIZED" });
    const keyed = { host: "engine.internal", "x-internal-key": internalKey, ...json };
    expect(passedThrough(proxy(request("/api/mcp", { headers: keyed })))).toBe(true);
  });
});

describe("proxy: access token (SEC-1)", () => {
  beforeEach(() => configure({ WORKBENCH_ACCESS_TOKEN: accessToken }));

  it("answers 401 UNAUTHORIZED to API requests without it", async () => {
    for (const method of ["GET", "POST"]) {
      const response = proxy(
        request("/api/projects", { method, headers: { ...sameOrigin, ...json } }),
      );
      expect(await refusal(response)).toEqual({ status: 401, code: "UNAUTHORIZED" });
    }
    const wrong = { authorization: "Bearer not-the-token-at-all", ...json };
    expect(await refusal(proxy(request("/api/projects", { headers: wrong })))).toEqual({
      status: 401,
      code: "UNAUTHORIZED",
    });
  });

  it("accepts the bearer header and the login cookie", () => {
    const bearer = { authorization: `Bearer ${accessToken}`, ...json };
    expect(passedThrough(proxy(request("/api/projects", { headers: bearer })))).toBe(true);
    const cookie = { cookie: `${accessCookieName}=${accessCookieValue({ token: accessToken })}` };
    const browser = { ...sameOrigin, ...json, ...cookie };
    expect(passedThrough(proxy(request("/api/runs/cancel", { headers: browser })))).toBe(true);
    // The raw token is not a valid cookie: only the login endpoint issues one.
    const raw = { ...sameOrigin, ...json, cookie: `${accessCookieName}=${accessToken}` };
    expect(proxy(request("/api/runs/cancel", { headers: raw })).status).toBe(401);
  });

  it("redirects page views to /login and leaves the login path open", () => {
    const page = proxy(request("/datasets?x=1", { method: "GET" }));
    expect(page.status).toBe(307);
    // NextURL spells loopback "localhost"; the server's adapter makes same-host redirects relative.
    const location = new URL(page.headers.get("location") ?? "", base);
    expect(`${location.pathname}${location.search}`).toBe("/login?next=%2Fdatasets%3Fx%3D1");
    expect(passedThrough(proxy(request("/login", { method: "GET" })))).toBe(true);
    expect(
      passedThrough(proxy(request("/api/login", { headers: { ...sameOrigin, ...json } }))),
    ).toBe(true);
    expect(passedThrough(proxy(request("/api/health", { method: "GET" })))).toBe(true);
  });

  it("still refuses a cross-site login attempt", async () => {
    const response = proxy(request("/api/login", { headers: { ...evil, ...json } }));
    expect(await refusal(response)).toEqual({ status: 403, code: "FORBIDDEN_ORIGIN" });
  });
});
