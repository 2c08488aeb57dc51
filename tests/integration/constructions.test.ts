import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import * as constructRoute from "@/app/api/datasets/[dataset_id]/construct/route";
import * as constructionsRoute from "@/app/api/datasets/[dataset_id]/constructions/route";
import * as graphViewRoute from "@/app/api/datasets/[dataset_id]/graph-view/route";
import * as datasetsRoute from "@/app/api/projects/[project_id]/datasets/route";
import { uploadDataset } from "@/lib/datasets/upload-dataset";
import { insertUser } from "@/lib/db/queries/users";
import { createProject } from "@/lib/projects/create-project";
import { actingAs, routeContext } from "../support/route-request";

const fixtures = path.resolve(import.meta.dirname, "../../tests/fixtures");
const shopExpected = JSON.parse(await readFile(path.join(fixtures, "shop_expected.json"), "utf8"));

let userId: string;
let projectId: string;

async function upload(filename: string, bytes: Uint8Array) {
  return uploadDataset({ ownerId: userId, projectId, file: { filename, bytes } });
}

async function construct(datasetId: string, body: Record<string, unknown> = {}, asUser = userId) {
  const response = await constructRoute.POST(
    new Request("http://test.local/x", {
      method: "POST",
      headers: actingAs(asUser),
      body: JSON.stringify(body),
    }),
    routeContext({ dataset_id: datasetId }),
  );
  return { status: response.status, body: await response.json() };
}

async function datasetRow(datasetId: string) {
  const response = await datasetsRoute.GET(
    new Request("http://test.local/x", { headers: actingAs(userId) }),
    routeContext({ project_id: projectId }),
  );
  const { datasets } = await response.json();
  return datasets.find((dataset: { dataset_id: string }) => dataset.dataset_id === datasetId);
}

beforeAll(async () => {
  userId = (await insertUser({ email: `c-${randomUUID()}@test.local`, displayName: "c" })).id;
  projectId = (await createProject({ ownerId: userId, name: "Constructions" })).project_id;
});

describe("constructions through the API", () => {
  it("builds shop.sql into exactly the expected node and edge types (TC-5)", async () => {
    const shop = await upload("shop.sql", await readFile(path.join(fixtures, "shop.sql")));
    const { status, body } = await construct(shop.dataset_id);
    expect(status).toBe(200);
    expect(body.construction).toMatchObject({
      revision: 1,
      status: "ready",
      directed: true,
      node_count: shopExpected.nodes,
      edge_count: shopExpected.edges,
      node_types: shopExpected.node_types,
      edge_types: shopExpected.edge_types,
    });
    expect(await datasetRow(shop.dataset_id)).toMatchObject({
      construction_status: "ready",
      construction_revision: 1,
    });
  }, 120_000);

  it("builds a weighted TXT edge list weighted by default and says from which column", async () => {
    const bytes = await readFile(
      path.resolve(
        import.meta.dirname,
        "../../lib/engine/algorithms/fixtures/weighted-directed.txt",
      ),
    );
    const txt = await upload("weighted-directed.txt", bytes);
    const weighted = await construct(txt.dataset_id, { directed: true });
    expect(weighted.status).toBe(200);
    expect(weighted.body.construction).toMatchObject({
      status: "ready",
      edge_count: 140,
      weighted: true,
      weight_column: "weight",
      schema_summary: null,
    });
    const off = await construct(txt.dataset_id, { directed: true, weighted: false });
    expect(off.body.construction).toMatchObject({ weighted: false, weight_column: null });
  });

  it("gives each rebuild the next revision and the same graph (TC-6)", async () => {
    const karate = await upload(
      "karate_edges.csv",
      await readFile(path.join(fixtures, "karate_edges.csv")),
    );
    const first = await construct(karate.dataset_id);
    const second = await construct(karate.dataset_id);
    expect([first.body.construction.revision, second.body.construction.revision]).toEqual([1, 2]);
    expect(second.body.construction).toMatchObject({ node_count: 34, edge_count: 78 });
    const listed = await constructionsRoute.GET(
      new Request("http://test.local/x", { headers: actingAs(userId) }),
      routeContext({ dataset_id: karate.dataset_id }),
    );
    expect(
      (await listed.json()).constructions.map((c: { revision: number }) => c.revision),
    ).toEqual([2, 1]);
    const view = await graphViewRoute.GET(
      new Request("http://test.local/x?limit=20&color_by=community", { headers: actingAs(userId) }),
      routeContext({ dataset_id: karate.dataset_id }),
    );
    const document = await view.json();
    expect(document).toMatchObject({
      kind: "graph_layout",
      revision: 2,
      graphNodeCount: 34,
      truncated: true,
    });
    expect(document.nodes).toHaveLength(20);
  });

  it("marks a malformed CSV failed with the line, keeps nothing ready, and allows a retry", async () => {
    const broken = await upload(
      "broken.csv",
      new TextEncoder().encode('source,target\nn1,n2\n"n3,n4\n'),
    );
    const { status, body } = await construct(broken.dataset_id);
    expect(status).toBe(400);
    expect(body.error).toMatchObject({
      code: "PARSE_ERROR",
      details: { construction_revision: 1 },
    });
    expect(body.error.details.line).toBeGreaterThanOrEqual(3);
    const row = await datasetRow(broken.dataset_id);
    expect(row).toMatchObject({ construction_status: "failed", construction_revision: null });
    expect(row.construction_error).toMatchObject({ code: "PARSE_ERROR" });
    const retry = await construct(broken.dataset_id);
    expect(retry.body.error.details.construction_revision).toBe(2);
  });

  it("refuses a SQL dump that tries to run a program, before running anything", async () => {
    const evil = await upload(
      "evil.sql",
      new TextEncoder().encode("CREATE TABLE t (id int primary key);\nCOPY t FROM PROGRAM 'id';\n"),
    );
    const started = Date.now();
    const { status, body } = await construct(evil.dataset_id);
    expect(status).toBe(415);
    expect(body.error).toMatchObject({ code: "UNSUPPORTED_FILE", details: { line: 2 } });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("answers 404 for another owner's dataset", async () => {
    const other = (await insertUser({ email: `o-${randomUUID()}@test.local`, displayName: "o" }))
      .id;
    const karate = await upload("k.csv", new TextEncoder().encode("a,b\nb,c\n"));
    const { status, body } = await construct(karate.dataset_id, {}, other);
    expect(status).toBe(404);
    expect(body.error.code).toBe("NOT_FOUND");
  });
});
