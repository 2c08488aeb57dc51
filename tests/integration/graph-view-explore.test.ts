import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import * as constructRoute from "@/app/api/datasets/[dataset_id]/construct/route";
import * as graphViewRoute from "@/app/api/datasets/[dataset_id]/graph-view/route";
import { graphLayoutDocumentSchema } from "@/lib/contracts/graph-layout-document";
import { uploadDataset } from "@/lib/datasets/upload-dataset";
import { insertUser } from "@/lib/db/queries/users";
import { createProject } from "@/lib/projects/create-project";
import { actingAs, routeContext } from "../support/route-request";

const fixtures = path.resolve(import.meta.dirname, "../../tests/fixtures");

let userId: string;
let shopId: string;

async function graphView(search: string, asUser = userId) {
  const response = await graphViewRoute.GET(
    new Request(`http://test.local/x?${search}`, { headers: actingAs(asUser) }),
    routeContext({ dataset_id: shopId }),
  );
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  userId = (await insertUser({ email: `g-${randomUUID()}@test.local`, displayName: "g" })).id;
  const projectId = (await createProject({ ownerId: userId, name: "Graph view" })).project_id;
  const shop = await uploadDataset({
    ownerId: userId,
    projectId,
    file: { filename: "shop.sql", bytes: await readFile(path.join(fixtures, "shop.sql")) },
  });
  shopId = shop.dataset_id;
  const response = await constructRoute.POST(
    new Request("http://test.local/x", {
      method: "POST",
      headers: actingAs(userId),
      body: JSON.stringify({}),
    }),
    routeContext({ dataset_id: shopId }),
  );
  expect(response.status).toBe(200);
}, 120_000);

describe("the graph view for exploring", () => {
  it("colours by a node property, names its values in the legend and lists the properties", async () => {
    const { status, body } = await graphView("limit=1000&color_by=property:segment");
    expect(status).toBe(200);
    const document = graphLayoutDocumentSchema.parse(body);
    expect(document.colorBy).toBe("property:segment");
    expect(document.nodePropertyNames).toEqual(expect.arrayContaining(["segment", "city"]));
    const labels = document.legend.map((entry) => entry.label);
    expect(labels).toEqual(expect.arrayContaining(["retail", "online", "(no value)"]));
    expect(document.legend.reduce((sum, entry) => sum + entry.nodeCount, 0)).toBe(
      document.nodes.length,
    );
    const customer = document.nodes.find((node) => node.properties?.segment !== undefined);
    expect(customer?.properties).toMatchObject({ city: expect.any(String) });
    expect(customer?.degree).toBeGreaterThan(0);
  }, 60_000);

  it("refuses an unknown property and lists the valid ones", async () => {
    const { status, body } = await graphView("color_by=property:nope");
    expect(status).toBe(400);
    expect(body.error.code).toBe("INVALID_REQUEST");
    expect(body.error.message).toContain("segment");
    expect(body.error.details.valid_properties).toEqual(expect.arrayContaining(["segment"]));
  });

  it("adds a focus node's neighbours to a truncated view", async () => {
    const cut = graphLayoutDocumentSchema.parse((await graphView("limit=20")).body);
    expect(cut.truncated).toBe(true);
    const shown = new Set(cut.nodes.map((node) => node.id));
    const full = graphLayoutDocumentSchema.parse((await graphView("limit=5000")).body);
    const outside = full.nodes.find((node) => !shown.has(node.id) && (node.degree ?? 0) > 0);
    if (!outside) throw new Error("every node is in the cut view");
    const expanded = graphLayoutDocumentSchema.parse(
      (await graphView(`limit=20&focus=${encodeURIComponent(outside.id)}`)).body,
    );
    const ids = new Set(expanded.nodes.map((node) => node.id));
    expect(ids.has(outside.id)).toBe(true);
    expect(expanded.nodes.length).toBeGreaterThan(20);
    expect(expanded.focusNodeIds).toEqual([outside.id]);
    const neighbours = full.edges
      .filter((edge) => edge.source === outside.id || edge.target === outside.id)
      .map((edge) => (edge.source === outside.id ? edge.target : edge.source));
    for (const neighbour of neighbours) expect(ids.has(neighbour)).toBe(true);
  }, 60_000);

  it("answers 404 for another owner's dataset and 400 for a bad depth", async () => {
    const stranger = (await insertUser({ email: `s-${randomUUID()}@test.local`, displayName: "s" }))
      .id;
    expect((await graphView("focus=customers:1", stranger)).status).toBe(404);
    expect((await graphView("focus=customers:1&depth=9")).status).toBe(400);
  });
});
