import path from "node:path";

// Test data and its independently computed references live in tests/fixtures.
const fixturesDirectory = path.resolve(__dirname, "../../tests/fixtures");

export const karateEdgesCsv = path.join(fixturesDirectory, "karate_edges.csv");
export const shopSql = path.join(fixturesDirectory, "shop.sql");
