import { expect, test } from "@playwright/test";
import { DatasetsPage } from "./pages/datasets-page";
import { DatasetBuildRow, GraphPage } from "./pages/graph-page";
import { uniqueName } from "./support/api";
import { shopSql } from "./support/fixture-paths";

test("a SQL dump built from the Datasets page is drawn with the counts of its schema", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const datasets = new DatasetsPage(page);
  await datasets.open();
  await datasets.createProject(uniqueName("Shop graph"));
  await datasets.chooseFiles([shopSql]);
  await datasets.expectUploadSucceeded("shop.sql");

  const shop = new DatasetBuildRow(datasets, "shop.sql");
  await expect(shop.buildButton).toHaveText(/Build graph/);
  // SQL dumps have no node table to choose.
  await expect(shop.nodeTableSelect).toHaveCount(0);
  // Hold the request back a moment, so the running state is certainly observable.
  await page.route("**/api/datasets/*/construct", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.fallback();
  });
  await shop.build();
  await shop.expectBuilding();
  await page.screenshot({ path: testInfo.outputPath("shop-building.png"), fullPage: true });
  await shop.expectReady(1);
  await expect(shop.error).toHaveCount(0);
  await page.unroute("**/api/datasets/*/construct");

  const graph = new GraphPage(page);
  await graph.open();
  await graph.selectDataset("shop");
  await graph.expectCounts({ nodes: 760, edges: 1916 });
  await expect(graph.info.getByTestId("graph-directed")).toHaveText("Directed");
  const nodeTypes = graph.info.getByTestId("graph-node-types");
  for (const [type, count] of [
    ["customers", 120],
    ["products", 40],
    ["orders", 600],
  ] as const) {
    await expect(nodeTypes.locator(`[data-type-name="${type}"]`)).toHaveAttribute(
      "data-count",
      String(count),
    );
  }
  const edgeTypes = graph.info.getByTestId("graph-edge-types");
  await expect(edgeTypes.locator('[data-type-name="order_items"]')).toHaveAttribute(
    "data-count",
    "1316",
  );
  await expect(edgeTypes.locator('[data-type-name="orders.customer_id"]')).toHaveAttribute(
    "data-count",
    "600",
  );

  // The drawing may be cut to the node limit; it says so honestly either way.
  const truncated = await graph.shownCount.getAttribute("data-truncated");
  const shown = Number(await graph.shownCount.getAttribute("data-shown"));
  if (truncated === "true") {
    expect(shown).toBeLessThan(760);
    await expect(graph.shownCount).toContainText(`of 760 nodes`);
  } else {
    expect(shown).toBe(760);
  }
  await graph.expectDrawn();
  await expect(graph.canvas).toHaveAttribute("data-node-count", String(shown));

  // A smaller limit cuts the view and says how much is shown.
  await page.getByTestId("graph-limit-select").selectOption("200");
  await expect(graph.shownCount).toHaveAttribute("data-truncated", "true");
  await expect(graph.shownCount).toContainText("Showing 200 of 760 nodes");
  await graph.expectCounts({ nodes: 760, edges: 1916 });
  await graph.expectDrawn();
  await expect(graph.canvas).toHaveAttribute("data-node-count", "200");

  // Colouring by type lists the three tables in the legend.
  await graph.colorSelect.selectOption("type");
  await expect(graph.legend).toHaveAttribute("data-color-by", "type");
  await expect(graph.legendItems).toHaveCount(3);
  await graph.expectDrawn();
  await page.mouse.move(0, 0);
  await graph.canvas.screenshot({ path: testInfo.outputPath("shop-graph.png") });
});
