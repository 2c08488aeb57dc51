import path from "node:path";

// The shared fixtures sit next to the repository (../shared/fixtures), not inside it.
const fixturesDirectory = path.resolve(__dirname, "../../../shared/fixtures");

export const karateEdgesCsv = path.join(fixturesDirectory, "karate_edges.csv");
export const shopSql = path.join(fixturesDirectory, "shop.sql");
