import { hostname, networkInterfaces } from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigurationError, getEnv, resetEnvForTests } from "@/lib/env";
import { checkHostHeader } from "./check-host-header";
import { securityConfigFromEnv } from "./security-config";

const saved = { ...process.env };

afterEach(() => {
  process.env = { ...saved };
  resetEnvForTests();
});

function configFor(values: Record<string, string>) {
  process.env = { ...saved, ...values };
  resetEnvForTests();
  return securityConfigFromEnv({ env: getEnv() });
}

describe("security configuration", () => {
  it("defaults to loopback, no token, nothing extra allowed", () => {
    process.env = { ...saved };
    for (const key of ["HOST", "WORKBENCH_ACCESS_TOKEN", "ALLOWED_ORIGINS", "ALLOWED_HOSTS"]) {
      delete process.env[key];
    }
    resetEnvForTests();
    expect(getEnv().HOST).toBe("127.0.0.1");
    expect(securityConfigFromEnv({ env: getEnv() })).toEqual({
      accessToken: undefined,
      allowedOrigins: [],
      allowedHosts: [],
    });
  });

  it("allows the hosts of ALLOWED_ORIGINS, ALLOWED_HOSTS and a specific HOST", () => {
    const config = configFor({
      HOST: "192.168.1.5",
      ALLOWED_ORIGINS: "https://wb.example.org/, http://10.0.0.2:8080",
      ALLOWED_HOSTS: "WB.Internal",
    });
    expect(config.allowedOrigins).toEqual(["https://wb.example.org", "http://10.0.0.2:8080"]);
    expect([...config.allowedHosts].sort()).toEqual(
      ["10.0.0.2", "192.168.1.5", "wb.example.org", "wb.internal"].sort(),
    );
  });

  it("on a wildcard HOST, allows this machine's own addresses and name, nothing else", () => {
    const ownAddresses = Object.values(networkInterfaces())
      .flatMap((entries) => entries ?? [])
      .map((entry) => entry.address.toLowerCase());
    const { allowedHosts } = configFor({ HOST: "0.0.0.0" });
    expect(allowedHosts).toEqual(expect.arrayContaining([hostname().toLowerCase()]));
    for (const address of ownAddresses) {
      expect(
        checkHostHeader({ host: `[${address}]:3000`, allowedHosts }).ok ||
          checkHostHeader({ host: `${address}:3000`, allowedHosts }).ok,
        address,
      ).toBe(true);
    }
    expect(checkHostHeader({ host: "evil.example:3000", allowedHosts })).toEqual({
      ok: false,
      reason: "host_not_allowed",
    });
  });

  it("refuses a short token and origins with a path", () => {
    expect(() => configFor({ WORKBENCH_ACCESS_TOKEN: "short" })).toThrow(/at least 16/);
    expect(() => configFor({ ALLOWED_ORIGINS: "https://wb.example/app" })).toThrow(
      ConfigurationError,
    );
  });
});
