import { mkdir } from "node:fs/promises";
import path from "node:path";
import { test } from "@playwright/test";
import { DatasetsPage } from "./pages/datasets-page";
import { listDatasetsViaApi } from "./support/api";
import { karateEdgesCsv, shopSql } from "./support/fixture-paths";

const projectName = "Example project";
const readmeScreenshot = path.resolve(__dirname, "../docs/screenshot.png");

test("captures the README screenshot of the Datasets page", async ({ page, request }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const datasets = new DatasetsPage(page);
  await datasets.open();

  // The e2e data directory outlives a run: reuse the example project rather than pile up copies.
  const options = datasets.projectSelect.locator("option", { hasText: projectName });
  if ((await options.count()) === 0) await datasets.createProject(projectName);
  else await datasets.projectSelect.selectOption({ label: projectName });
  const projectId = await datasets.currentProjectId();

  const stored = new Set(
    (await listDatasetsViaApi(request, projectId)).map((dataset) => dataset.original_filename),
  );
  const missing = [karateEdgesCsv, shopSql].filter((file) => !stored.has(path.basename(file)));
  if (missing.length > 0) {
    await datasets.chooseFiles(missing);
    for (const file of missing) await datasets.expectUploadSucceeded(path.basename(file));
  }
  await datasets.expectCount(2);
  // Park focus and pointer away from the content so no hover or focus ring is captured.
  await page.mouse.move(1270, 790);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

  await page.screenshot({ path: testInfo.outputPath("readme-screenshot.png") });
  // The committed README picture is only rewritten on request, so a test run never dirties
  // the checkout: UPDATE_README_SCREENSHOT=1 npx playwright test readme-screenshot
  if (process.env.UPDATE_README_SCREENSHOT === "1") {
    await mkdir(path.dirname(readmeScreenshot), { recursive: true });
    await page.screenshot({ path: readmeScreenshot });
  }
});
