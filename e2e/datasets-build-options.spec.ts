import { expect, test } from "@playwright/test";
import { DatasetsPage } from "./pages/datasets-page";
import { DatasetBuildRow } from "./pages/graph-page";
import { listDatasetsViaApi, uniqueName } from "./support/api";
import { writePaymentsTables } from "./support/payments-tables";

type ConstructionJson = {
  revision: number;
  status: string;
  directed: boolean;
  weighted: boolean | null;
  weight_column: string | null;
  nodes_dataset_id: string | null;
  node_count: number;
  edge_count: number;
};

test("a payments table and its node table chosen together become one dataset, built directed and weighted by amount, and the choices survive a reload", async ({
  page,
  request,
}, testInfo) => {
  const payments = await writePaymentsTables();
  const datasets = new DatasetsPage(page);
  await datasets.open();
  const projectId = await datasets.createProject(uniqueName("Payments"));

  // Node table first: the page tells the halves apart by their headers, not their order.
  await datasets.chooseFiles([payments.nodesPath, payments.edgesPath]);
  await datasets.expectPairUploaded("payments.csv", "payments_nodes.csv");
  await datasets.expectCount(1);
  const row = new DatasetBuildRow(datasets, "payments.csv");
  await expect(row.row.getByTestId("dataset-node-table")).toHaveText(
    "with node table payments_nodes.csv",
  );

  // The server stored one edge table linked to its node table.
  const stored = await listDatasetsViaApi(request, projectId);
  expect(stored).toHaveLength(2);
  const edges = stored.find((dataset) => dataset.original_filename === "payments.csv") as {
    dataset_id: string;
    nodes_dataset_id?: string | null;
  };
  const nodes = stored.find((dataset) => dataset.original_filename === "payments_nodes.csv");
  expect(edges.nodes_dataset_id).toBe(nodes?.dataset_id);

  // Before a build: undirected, the node table uploaded with it, and only numeric columns to
  // weight by (amount; not the endpoints nor the text channel).
  await expect(row.directedCheckbox).not.toBeChecked();
  await expect(row.weightColumnSelect).toBeEnabled();
  await expect(row.weightColumnSelect.locator("option")).toHaveText([
    "None (unweighted)",
    "amount",
  ]);
  await expect(row.weightColumnSelect).toHaveValue("");
  await expect(row.nodeTableSelect.locator("option:checked")).toHaveText("payments_nodes");

  await row.build({ directed: true, weightColumn: "amount" });
  await row.expectReady(1);
  await row.expectSummary({
    nodes: payments.nodes,
    edges: payments.edges,
    directed: true,
    weightColumn: "amount",
  });
  await expect(row.summary.getByTestId("graph-node-table")).toHaveText("node table payments_nodes");

  // The server says the same.
  const response = await request.get(`/api/datasets/${edges.dataset_id}/constructions`);
  expect(response.status()).toBe(200);
  const [newest] = ((await response.json()) as { constructions: ConstructionJson[] }).constructions;
  expect(newest).toMatchObject({
    revision: 1,
    status: "ready",
    directed: true,
    weighted: true,
    weight_column: "amount",
    nodes_dataset_id: nodes?.dataset_id,
    node_count: payments.nodes,
    edge_count: payments.edges,
  });

  // After a reload the selectors show what revision 1 was built with.
  await page.reload();
  await expect(datasets.projectSelect).toHaveValue(projectId);
  await row.expectReady(1);
  await expect(row.directedCheckbox).toBeChecked();
  await expect(row.weightColumnSelect).toHaveValue("amount");
  await expect(row.nodeTableSelect.locator("option:checked")).toHaveText("payments_nodes");
  await row.expectSummary({
    nodes: payments.nodes,
    edges: payments.edges,
    directed: true,
    weightColumn: "amount",
  });
  await page.screenshot({ path: testInfo.outputPath("payments-built.png"), fullPage: true });

  // Rebuild keeps them: revision 2 is again directed, weighted by amount, with club/country.
  await row.build();
  await row.expectReady(2);
  const again = await request.get(`/api/datasets/${edges.dataset_id}/constructions`);
  const [second] = ((await again.json()) as { constructions: ConstructionJson[] }).constructions;
  expect(second).toMatchObject({
    revision: 2,
    directed: true,
    weighted: true,
    weight_column: "amount",
    nodes_dataset_id: nodes?.dataset_id,
  });
  const view = await request.get(
    `/api/datasets/${edges.dataset_id}/graph-view?revision=2&limit=100`,
  );
  expect(view.status()).toBe(200);
  // The drawing's edges carry the amounts as weights.
  const drawn = (await view.json()) as {
    edges: { source: string; target: string; weight?: number }[];
  };
  expect(drawn.edges).toContainEqual(
    expect.objectContaining({ source: "alice", target: "dave", weight: 900 }),
  );
});

test("the API refuses a weight column that is not a numeric column of the edge table", async ({
  page,
  request,
}) => {
  const payments = await writePaymentsTables();
  const datasets = new DatasetsPage(page);
  await datasets.open();
  const projectId = await datasets.createProject(uniqueName("Payments refusals"));
  await datasets.chooseFiles([payments.edgesPath, payments.nodesPath]);
  await datasets.expectPairUploaded("payments.csv", "payments_nodes.csv");
  const stored = await listDatasetsViaApi(request, projectId);
  const edges = stored.find((dataset) => dataset.original_filename === "payments.csv");
  for (const weightColumn of ["channel", "price"]) {
    const response = await request.post(`/api/datasets/${edges?.dataset_id}/construct`, {
      data: { weight_column: weightColumn },
    });
    expect(response.status()).toBe(400);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("INVALID_REQUEST");
    expect(body.error.message).toContain(weightColumn);
  }
  const revisions = await request.get(`/api/datasets/${edges?.dataset_id}/constructions`);
  expect(((await revisions.json()) as { constructions: unknown[] }).constructions).toEqual([]);
});

test("at 390 px the Datasets page, with a built dataset, does not scroll sideways", async ({
  page,
}, testInfo) => {
  const payments = await writePaymentsTables();
  await page.setViewportSize({ width: 390, height: 844 });
  const datasets = new DatasetsPage(page);
  await datasets.open();
  await datasets.createProject(uniqueName("Narrow"));
  await datasets.chooseFiles([payments.edgesPath, payments.nodesPath]);
  await datasets.expectPairUploaded("payments.csv", "payments_nodes.csv");
  const row = new DatasetBuildRow(datasets, "payments.csv");
  await row.build({ directed: true, weightColumn: "amount" });
  await row.expectReady(1);
  await expect(row.summary).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("datasets-390.png"), fullPage: true });
  const { scrollWidth, innerWidth } = await datasets.horizontalOverflow();
  expect(innerWidth).toBe(390);
  expect(scrollWidth, "the page is no wider than the window").toBeLessThanOrEqual(innerWidth);
});
