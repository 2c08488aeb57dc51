import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { GraphPage } from "./pages/graph-page";
import { uniqueName } from "./support/api";
import { createBuiltProjectViaApi } from "./support/built-project";
import { karateEdgesCsv, shopSql } from "./support/fixture-paths";
import { uploadNodeTableDatasetViaApi } from "./support/node-table-dataset";

const karateNodesCsv = path.join(path.dirname(karateEdgesCsv), "karate_nodes.csv");

/** Clicks what starts a download and answers the file's name and text. */
async function download(page: Page, click: () => Promise<void>) {
  const started = page.waitForEvent("download");
  await click();
  const file = await started;
  const filePath = await file.path();
  return { name: file.suggestedFilename(), bytes: await readFile(filePath) };
}

/** The drawing starts above the fold: its top plus a good height fits in the window. */
async function expectCanvasAboveFold(graph: GraphPage, viewportHeight: number) {
  const box = await graph.canvas.boundingBox();
  if (!box) throw new Error("the drawing has no box");
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + 300, `canvas top ${box.y}, height ${box.height}`).toBeLessThan(viewportHeight);
  expect(box.height).toBeGreaterThanOrEqual(300);
}

test("the karate club can be searched, inspected, coloured by club, filtered and linked", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const graph = new GraphPage(page);
  await graph.open();
  const projectId = await graph.createProject(uniqueName("Karate explore"));
  const datasetId = await uploadNodeTableDatasetViaApi(page.request, {
    projectId,
    name: "karate",
    edgesCsv: await readFile(karateEdgesCsv),
    nodesCsv: await readFile(karateNodesCsv),
  });

  await graph.open(`?dataset=${datasetId}`);
  await graph.expectCounts({ nodes: 34, edges: 78 });
  await graph.expectDrawn();
  await expectCanvasAboveFold(graph, 900);
  await page.screenshot({ path: testInfo.outputPath("explore-1440.png") });

  // Search by id with suggestions: "33" suggests n33 first; Enter selects and centres it.
  await expect(graph.nodeSearch).toHaveAttribute("role", "combobox");
  await graph.searchNode("33");
  await expect(graph.nodeSearchOptions.first()).toHaveAttribute("data-node-id", "n33");
  await expect(page.getByRole("listbox", { name: "Matching nodes" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(graph.nodeSearch).toHaveAttribute("aria-expanded", "false");
  await page.keyboard.press("ArrowDown");
  await expect(graph.nodeSearchOptions.first()).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  await expect(graph.nodeProperties).toHaveAttribute("data-node-id", "n33");
  await expect(graph.canvas).toHaveAttribute("data-centred-node", "n33");
  await expect(page).toHaveURL(/[?&]node=n33(&|$)/);

  // The inspector shows every property of the node, its degree and community.
  await expect(graph.nodeProperty("club")).toHaveText("Officer");
  await expect(graph.nodeProperties.getByTestId("graph-node-degree")).toHaveText("17");
  await expect(graph.nodeProperties.getByTestId("graph-node-community")).toHaveText(
    /^Community \d+$/,
  );
  // Karate is drawn whole, so there is nothing to expand.
  await expect(graph.nodeDetails.getByTestId("graph-node-expand")).toBeDisabled();

  // Colour by club: the legend names both clubs, their counts summing to the 34 members.
  await graph.colorSelect.selectOption("property:club");
  await expect(graph.legend).toHaveAttribute("data-color-by", "property:club");
  await expect(graph.legendItems).toHaveCount(2);
  const legend = await graph.legendEntries();
  expect(legend.map((entry) => entry.label).sort()).toEqual(["Mr. Hi", "Officer"]);
  expect(legend.reduce((sum, entry) => sum + entry.nodeCount, 0)).toBe(34);
  await graph.expectDrawn();
  await expect(page).toHaveURL(/[?&]color=property%3Aclub/);
  await page.screenshot({ path: testInfo.outputPath("explore-by-club.png") });

  // Filter: unticking Officer hides its members (the selected one stays in view).
  const officers = legend.find((entry) => entry.label === "Officer")?.nodeCount ?? 0;
  await graph.legendItem("Officer").getByTestId("graph-legend-filter").uncheck();
  await expect(graph.canvas).toHaveAttribute("data-hidden-count", String(officers - 1));
  await expect(graph.hiddenCount).toHaveAttribute("data-count", String(officers - 1));

  // The downloads show the current view: the hidden nodes are left out.
  const svg = await download(page, () => graph.svgButton.click());
  expect(svg.name).toMatch(/\.svg$/);
  const circles = svg.bytes.toString("utf8").match(/<circle /g) ?? [];
  expect(circles).toHaveLength(34 - (officers - 1));
  const png = await download(page, () => graph.pngButton.click());
  expect(png.name).toMatch(/\.png$/);
  expect(png.bytes.subarray(1, 4).toString("latin1")).toBe("PNG");

  // Hide the selected node too, then show everything again.
  await graph.nodeDetails.getByTestId("graph-node-hide").click();
  await expect(graph.canvas).toHaveAttribute("data-hidden-count", String(officers));
  await expect(graph.nodeDetails.getByTestId("graph-node-none")).toBeVisible();
  await graph.showAllButton.click();
  await expect(graph.canvas).toHaveAttribute("data-hidden-count", "0");
  await expect(graph.showAllButton).toHaveCount(0);
  await expect(graph.legendItem("Officer").getByTestId("graph-legend-filter")).toBeChecked();

  // A deep link selects and centres its node, also after a reload.
  await graph.open(`?dataset=${datasetId}&node=n0`);
  await expect(graph.nodeProperties).toHaveAttribute("data-node-id", "n0");
  await expect(graph.nodeProperty("club")).toHaveText("Mr. Hi");
  await graph.expectDrawn();
  await expect(graph.canvas).toHaveAttribute("data-centred-node", "n0");
  await page.reload();
  await expect(graph.nodeProperties).toHaveAttribute("data-node-id", "n0", { timeout: 30_000 });
  await expect(graph.canvas).toHaveAttribute("data-centred-node", "n0");
  await expect(graph.nodeSearch).toHaveValue("n0");

  // Smaller windows: still above the fold at 1024×768, no sideways scroll at 390 px.
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectCanvasAboveFold(graph, 768);
  await page.screenshot({ path: testInfo.outputPath("explore-1024.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(graph.canvas).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, "sideways scroll at 390 px").toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath("explore-390.png"), fullPage: true });
});

test("the shop graph fills the drawing: its isolated node does not squash the rest", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const graph = new GraphPage(page);
  const { projectId, datasetId } = await createBuiltProjectViaApi(page.request, {
    projectName: uniqueName("Shop explore"),
    file: { name: "shop.sql", mimeType: "application/sql", buffer: await readFile(shopSql) },
  });
  await graph.open();
  await graph.projectSelect.selectOption(projectId);
  await graph.open(`?dataset=${datasetId}`);
  await graph.expectCounts({ nodes: 760, edges: 1916 });
  await graph.expectDrawn();
  await page.mouse.move(0, 0);
  await graph.canvas.screenshot({ path: testInfo.outputPath("shop-filled.png") });

  // The positions the page draws: the largest component's box against the whole picture's.
  const response = await page.request.get(`/api/datasets/${datasetId}/graph-view?limit=1000`);
  expect(response.status()).toBe(200);
  const view = (await response.json()) as {
    nodes: { id: string; x: number; y: number }[];
    edges: { source: string; target: string }[];
  };
  const parent = new Map(view.nodes.map((node) => [node.id, node.id]));
  const find = (id: string): string => {
    let root = id;
    while (parent.get(root) !== root) root = parent.get(root) as string;
    return root;
  };
  for (const edge of view.edges) parent.set(find(edge.source), find(edge.target));
  const sizes = new Map<string, number>();
  for (const node of view.nodes) sizes.set(find(node.id), (sizes.get(find(node.id)) ?? 0) + 1);
  const largest = [...sizes.entries()].sort((left, right) => right[1] - left[1])[0][0];
  expect(sizes.size, "the shop graph has more than one component").toBeGreaterThan(1);
  const extent = (nodes: { x: number; y: number }[]) => ({
    width: Math.max(...nodes.map((n) => n.x)) - Math.min(...nodes.map((n) => n.x)),
    height: Math.max(...nodes.map((n) => n.y)) - Math.min(...nodes.map((n) => n.y)),
  });
  const whole = extent(view.nodes);
  const main = extent(view.nodes.filter((node) => find(node.id) === largest));
  testInfo.annotations.push({ type: "extents", description: JSON.stringify({ whole, main }) });
  expect(main.width / whole.width).toBeGreaterThan(0.6);
  expect(main.height / whole.height).toBeGreaterThan(0.6);

  // A link to a node outside a cut view brings it in with its neighbours, selected and centred.
  const cut = (await (
    await page.request.get(`/api/datasets/${datasetId}/graph-view?limit=200`)
  ).json()) as { nodes: { id: string }[] };
  const inCut = new Set(cut.nodes.map((node) => node.id));
  const outside = view.nodes.find(
    (node) =>
      !inCut.has(node.id) &&
      view.edges.some((edge) => edge.source === node.id || edge.target === node.id),
  );
  if (!outside) throw new Error("every node is in the cut view");
  await graph.open(`?dataset=${datasetId}&limit=200&node=${encodeURIComponent(outside.id)}`);
  await expect(graph.nodeProperties).toHaveAttribute("data-node-id", outside.id, {
    timeout: 30_000,
  });
  await graph.expectDrawn();
  await expect(graph.canvas).toHaveAttribute("data-centred-node", outside.id);
  expect(Number(await graph.canvas.getAttribute("data-node-count"))).toBeGreaterThan(200);
  await expect(graph.nodeDetails.getByTestId("graph-node-expand")).toBeDisabled();

  // Expanding another node of the cut view adds its neighbours.
  const before = Number(await graph.canvas.getAttribute("data-node-count"));
  const hub = cut.nodes.find((node) => node.id.startsWith("products:"));
  if (!hub) throw new Error("no product in the cut view");
  await graph.searchNode(hub.id);
  await expect(graph.nodeSearchOptions.first()).toHaveAttribute("data-node-id", hub.id);
  await page.keyboard.press("Enter");
  await expect(graph.nodeProperties).toHaveAttribute("data-node-id", hub.id);
  await expect(graph.nodeProperty("category")).not.toBeEmpty();
  await graph.nodeDetails.getByTestId("graph-node-expand").click();
  await expect
    .poll(async () => Number(await graph.canvas.getAttribute("data-node-count")), {
      timeout: 30_000,
    })
    .toBeGreaterThan(before);
  await expect(graph.nodeDetails.getByTestId("graph-node-expand-done")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("shop-expanded.png") });
});
