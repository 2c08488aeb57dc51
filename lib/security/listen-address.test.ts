import { describe, expect, it } from "vitest";
import { ConfigurationError } from "@/lib/env";
import { assertListenAddressAllowed, resolveListenHost } from "./listen-address";

describe("listen address (SEC-1)", () => {
  it("refuses a non-loopback address without an access token, in one sentence", () => {
    for (const listenHost of ["0.0.0.0", "::", "192.168.1.5", "wb.example"]) {
      expect(() => assertListenAddressAllowed({ listenHost, accessToken: undefined })).toThrow(
        ConfigurationError,
      );
    }
    expect(() =>
      assertListenAddressAllowed({ listenHost: "0.0.0.0", accessToken: undefined }),
    ).toThrow(/Refusing to listen on 0\.0\.0\.0: .*WORKBENCH_ACCESS_TOKEN/);
  });

  it("allows loopback always and any address with a token", () => {
    for (const listenHost of ["127.0.0.1", "localhost", "::1", "[::1]", "127.0.0.2"]) {
      expect(() =>
        assertListenAddressAllowed({ listenHost, accessToken: undefined }),
      ).not.toThrow();
    }
    const accessToken = "a-long-enough-access-token";
    expect(() => assertListenAddressAllowed({ listenHost: "0.0.0.0", accessToken })).not.toThrow();
  });

  it("takes -H / --hostname from the command line over HOST", () => {
    const host = "127.0.0.1";
    expect(resolveListenHost({ argv: ["node", "next", "start"], host })).toBe(host);
    expect(resolveListenHost({ argv: ["node", "next", "start", "-H", "0.0.0.0"], host })).toBe(
      "0.0.0.0",
    );
    expect(resolveListenHost({ argv: ["node", "next", "--hostname=::"], host })).toBe("::");
  });
});
