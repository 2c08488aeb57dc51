import { defineConfig } from "prisma/config";

// process.env, not env(): env() throws when DATABASE_URL is unset, which breaks `npm ci` on a
// fresh clone. The app never uses the Prisma CLI for migrations.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "" },
});
