import path from "node:path";
import { expect, test } from "@playwright/test";
import { DatasetsPage } from "./pages/datasets-page";
import { DatasetBuildRow, GraphPage } from "./pages/graph-page";
import { uniqueName } from "./support/api";
import { karateEdgesCsv } from "./support/fixture-paths";

const karateNodesCsv = path.join(path.dirname(karateEdgesCsv), "karate_nodes.csv");

test("builds the karate club with its node table and draws its communities with WebGL", async ({
  page,
}, testInfo) => {
  const datasets = new DatasetsPage(page);
  await datasets.open();
  await datasets.createProject(uniqueName("Karate graph"));
  await datasets.chooseFiles([karateEdgesCsv, karateNodesCsv]);
  // Chosen together, the edge table and its node table go up as one dataset.
  await datasets.expectPairUploaded("karate_edges.csv", "karate_nodes.csv");
  await datasets.expectCount(1);

  const edges = new DatasetBuildRow(datasets, "karate_edges.csv");
  await expect(edges.buildButton).toHaveText(/Build graph/);
  await edges.build({ nodeTableName: "karate_nodes" });
  await edges.expectReady(1);
  await expect(edges.error).toHaveCount(0);

  const graph = new GraphPage(page);
  await edges.row.getByTestId("view-graph-link").click();
  await expect(graph.heading()).toHaveText("Graph");
  await graph.selectDataset("karate_edges");
  await expect(graph.revisionSelect).toHaveValue("1");
  await graph.expectCounts({ nodes: 34, edges: 78 });
  await expect(graph.info.getByTestId("graph-directed")).toHaveText("Undirected");
  await expect(graph.shownCount).toHaveAttribute("data-truncated", "false");
  await expect(graph.shownCount).toContainText("all 34 nodes");

  // At least two communities, which together hold every node.
  await expect(graph.legend).toHaveAttribute("data-color-by", "community");
  await expect.poll(() => graph.legendItems.count()).toBeGreaterThanOrEqual(2);
  const legend = await graph.legendEntries();
  expect(legend.reduce((sum, entry) => sum + entry.nodeCount, 0)).toBe(34);
  expect(new Set(legend.map((entry) => entry.color)).size).toBe(legend.length);

  // sigma drew on a real WebGL canvas of non-zero size.
  await graph.expectDrawn();
  const nodeCanvas = await graph.nodeCanvasInfo();
  expect(nodeCanvas.context, "sigma's node layer is a WebGL canvas").toMatch(/^webgl2?$/);
  expect(nodeCanvas.width).toBeGreaterThan(100);
  expect(nodeCanvas.height).toBeGreaterThan(100);
  await expect(graph.canvas).toHaveAttribute("data-node-count", "34");
  await expect(graph.canvas).toHaveAttribute("aria-label", /karate_edges/);
  await expect(graph.textSummary).toContainText("34 of 34 nodes");

  // Pixels prove nodes were drawn: at least two legend colours appear in the picture.
  await page.mouse.move(0, 0);
  const screenshot = await graph.canvas.screenshot({
    path: testInfo.outputPath("karate-graph.png"),
  });
  await page.screenshot({ path: testInfo.outputPath("karate-graph-page.png"), fullPage: true });
  const colours = await graph.countColouredPixels({
    screenshot,
    colors: legend.map((entry) => entry.color),
  });
  testInfo.annotations.push({
    type: "pixels per legend colour",
    description: JSON.stringify(colours),
  });
  const drawnCommunities = legend.filter((entry) => colours[entry.color].pixels >= 50);
  expect(drawnCommunities.length, JSON.stringify(colours)).toBeGreaterThanOrEqual(2);

  // Clicking inside a drawn node shows that node's details, in the community of its colour.
  const box = await graph.canvas.boundingBox();
  const target = drawnCommunities.find((entry) => colours[entry.color].inside !== null);
  const inside = target ? colours[target.color].inside : null;
  if (!box || !target || !inside)
    throw new Error(`no node interior found: ${JSON.stringify(colours)}`);
  await page.mouse.click(box.x + inside.x, box.y + inside.y);
  await expect(graph.nodeProperties).toBeVisible();
  await expect(graph.nodeProperties.getByTestId("graph-node-community")).toHaveText(
    `Community ${target.community}`,
  );
  await expect(graph.nodeProperties.getByTestId("graph-node-score")).toHaveText(/\d/);
  const clickedId = await graph.nodeProperties.getAttribute("data-node-id");
  expect(clickedId).toMatch(/^n\d+$/);
  await expect(graph.nodeSearch).toHaveValue(clickedId as string);
  await page.screenshot({ path: testInfo.outputPath("karate-node-clicked.png"), fullPage: true });
});

test("the graph page is usable from the keyboard and keeps its choice in the address", async ({
  page,
}, testInfo) => {
  const datasets = new DatasetsPage(page);
  await datasets.open();
  await datasets.createProject(uniqueName("Karate keyboard"));
  await datasets.chooseFiles([karateEdgesCsv]);
  await datasets.expectUploadSucceeded("karate_edges.csv");
  const edges = new DatasetBuildRow(datasets, "karate_edges.csv");
  // A lone CSV has no node table to offer.
  await expect(edges.nodeTableSelect).toHaveCount(0);
  await edges.build();
  await edges.expectReady(1);

  const graph = new GraphPage(page);
  await graph.open();
  // The only ready dataset is chosen and written into the address.
  await expect(page).toHaveURL(/[?&]dataset=[^&]+/);
  await graph.expectCounts({ nodes: 34, edges: 78 });
  await graph.expectDrawn();

  // Every control is a native, labelled form control reachable with Tab.
  await expect(page.getByLabel("Dataset", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Revision", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Colour by", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Size by", { exact: true })).toBeVisible();
  await graph.tabTo("graph-fit-button", 40);
  await page.keyboard.press("Enter");
  // The node search is a combobox: arrows open and move through its suggestions, Enter chooses.
  await graph.tabTo("graph-node-search", 40);
  await page.keyboard.press("ArrowDown");
  await expect(graph.nodeSearch).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Enter");
  await expect(graph.nodeProperties).toBeVisible();
  await expect(graph.nodeProperties.getByTestId("graph-node-id")).not.toBeEmpty();
  await expect(page).toHaveURL(/[?&]node=/);
  await graph.tabTo("graph-size-select", 40);
  await page.keyboard.press("ArrowDown");
  await expect(page).toHaveURL(/[?&]size=degree/);
  await graph.expectDrawn();
  await page.screenshot({ path: testInfo.outputPath("karate-keyboard.png"), fullPage: true });

  // A reload keeps the chosen dataset and size encoding.
  const url = page.url();
  await page.reload();
  await expect(page).toHaveURL(url);
  await expect(graph.sizeSelect).toHaveValue("degree");
  await graph.expectCounts({ nodes: 34, edges: 78 });
  await graph.expectDrawn();
});
