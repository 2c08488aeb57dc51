import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { DatasetsPage } from "./pages/datasets-page";
import { DatasetBuildRow, GraphPage } from "./pages/graph-page";
import { uniqueName } from "./support/api";
import { karateEdgesCsv } from "./support/fixture-paths";

test("a CSV that passes the upload checks but cannot be parsed fails its build with a line", async ({
  page,
}, testInfo) => {
  const directory = await mkdtemp(path.join(tmpdir(), "workbench-e2e-"));
  const brokenCsv = path.join(directory, "broken-quotes.csv");
  await writeFile(brokenCsv, 'a,b\n"unterminated,c\n');

  const datasets = new DatasetsPage(page);
  await datasets.open();
  await datasets.createProject(uniqueName("Broken graph"));
  await datasets.chooseFiles([brokenCsv]);
  await datasets.expectUploadSucceeded("broken-quotes.csv");

  const broken = new DatasetBuildRow(datasets, "broken-quotes.csv");
  await broken.build();
  await expect(broken.status).toHaveAttribute("data-status", "failed");
  await expect(broken.error.locator("code")).toHaveText("PARSE_ERROR");
  await expect(broken.error).toContainText(/line \d+/);
  // The upload stays usable: the button offers another attempt.
  await expect(broken.buildButton).toBeEnabled();
  await expect(broken.buildButton).toHaveText(/Build graph/);
  await page.screenshot({ path: testInfo.outputPath("build-failed.png"), fullPage: true });

  // The reason survives a reload (it comes from the server, not from this page's memory).
  await page.reload();
  await expect(broken.status).toHaveAttribute("data-status", "failed");
  await expect(broken.error.locator("code")).toHaveText("PARSE_ERROR");
  await expect(broken.error).toContainText(/line \d+/);
  const datasetId = await broken.row.getAttribute("data-dataset-id");

  // The graph page first explains that nothing is drawable yet…
  const graph = new GraphPage(page);
  await graph.open();
  await expect(graph.emptyState).toContainText("No graph has been built");
  await expect(graph.emptyState.getByRole("link", { name: "Datasets page" })).toBeVisible();

  // …and for the failed dataset itself shows its error state.
  await graph.open(`?dataset=${datasetId}`);
  await expect(graph.datasetFailed).toBeVisible();
  await expect(graph.datasetFailed.locator("code")).toHaveText("PARSE_ERROR");
  await expect(graph.datasetFailed).toContainText(/line \d+/);
  await expect(graph.datasetSelect).toHaveValue(datasetId as string);
  await expect(graph.datasetSelect.locator("option:checked")).toBeDisabled();
  await expect(graph.canvas).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("graph-build-failed.png"), fullPage: true });
});

test("a drawing that cannot be loaded shows the server's error and a working retry", async ({
  page,
}, testInfo) => {
  const datasets = new DatasetsPage(page);
  await datasets.open();
  await datasets.createProject(uniqueName("Graph view error"));
  await datasets.chooseFiles([karateEdgesCsv]);
  await datasets.expectUploadSucceeded("karate_edges.csv");
  const edges = new DatasetBuildRow(datasets, "karate_edges.csv");
  await edges.build();
  await edges.expectReady(1);

  let failing = true;
  await page.route("**/api/datasets/*/graph-view?*", async (route) => {
    if (!failing) {
      // Slow enough for the loading state to be seen, then the real answer.
      await new Promise((resolve) => setTimeout(resolve, 800));
      return route.fallback();
    }
    return route.fulfill({
      status: 503,
      contentType: "application/json",
      body: JSON.stringify({
        error: { code: "SERVICE_UNAVAILABLE", message: "The engine is restarting.", details: {} },
      }),
    });
  });
  const graph = new GraphPage(page);
  await graph.open();
  await expect(graph.viewError).toContainText("The engine is restarting.", { timeout: 30_000 });
  await expect(graph.viewError).toContainText("SERVICE_UNAVAILABLE");
  // The graph information does not depend on the drawing and is still shown.
  await graph.expectCounts({ nodes: 34, edges: 78 });
  await page.screenshot({ path: testInfo.outputPath("graph-view-error.png"), fullPage: true });

  failing = false;
  await page.getByTestId("graph-view-error-retry").click();
  await expect(page.getByTestId("graph-view-loading")).toBeVisible();
  await expect(graph.viewError).toHaveCount(0);
  await graph.expectDrawn();
});
