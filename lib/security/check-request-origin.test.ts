import { describe, expect, it } from "vitest";
import { checkHostHeader } from "./check-host-header";
import { checkRequestOrigin } from "./check-request-origin";

const post = { method: "POST", allowedOrigins: [] as string[] };

describe("checkRequestOrigin", () => {
  it("compares host and port only, so TLS termination in front keeps it same-origin", () => {
    const input = { ...post, origin: "https://wb.example", secFetchSite: null };
    expect(checkRequestOrigin({ ...input, host: "wb.example" }).ok).toBe(true);
    expect(checkRequestOrigin({ ...input, host: "wb.example:443" }).ok).toBe(true);
    expect(checkRequestOrigin({ ...input, host: "wb.example:8443" }).ok).toBe(false);
  });

  it("refuses another port on the same machine (another local app)", () => {
    const input = { ...post, origin: "http://127.0.0.1:8080", secFetchSite: "same-site" };
    expect(checkRequestOrigin({ ...input, host: "127.0.0.1:3000" })).toEqual({
      ok: false,
      reason: "cross_origin",
    });
  });

  it("allows reads from anywhere and user-initiated navigations", () => {
    const foreign = { origin: "http://evil.example", secFetchSite: "cross-site", host: "x" };
    expect(checkRequestOrigin({ ...post, ...foreign, method: "GET" }).ok).toBe(true);
    const typed = { origin: null, secFetchSite: "none", host: "127.0.0.1:3000" };
    expect(checkRequestOrigin({ ...post, ...typed }).ok).toBe(true);
  });

  it("refuses non-http origins", () => {
    const input = { ...post, secFetchSite: null, host: "127.0.0.1:3000" };
    expect(checkRequestOrigin({ ...input, origin: "file://" }).ok).toBe(false);
  });
});

describe("checkHostHeader", () => {
  it("refuses a malformed Host and DNS names that merely resolve to loopback", () => {
    expect(checkHostHeader({ host: null, allowedHosts: [] }).ok).toBe(true);
    expect(checkHostHeader({ host: "evil.example@127.0.0.1", allowedHosts: [] }).ok).toBe(false);
    expect(checkHostHeader({ host: "127.0.0.1.nip.io", allowedHosts: [] }).ok).toBe(false);
    expect(checkHostHeader({ host: "LOCALHOST:3000", allowedHosts: [] }).ok).toBe(true);
  });
});
