import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { WorkbenchPage } from "./pages/workbench-page";
import { uniqueName } from "./support/api";
import { createBuiltProjectViaApi } from "./support/built-project";
import { karateEdgesCsv } from "./support/fixture-paths";

const widths = [
  { name: "desktop", width: 1440, height: 900 },
  { name: "laptop", width: 1024, height: 768 },
  { name: "phone", width: 390, height: 844 },
] as const;

const sections = [
  "/datasets",
  "/chat",
  "/graph",
  "/skills",
  "/memory",
  "/results",
  "/usage",
  "/reruns",
] as const;

/** How far the page scrolls sideways: 0 when everything fits the viewport's width. */
async function sidewaysOverflow(page: import("@playwright/test").Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
}

test("every page fits 1440, 1024 and 390 px wide without sideways scrolling", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const { projectId } = await createBuiltProjectViaApi(request, {
    projectName: uniqueName("Widths"),
    file: { name: "karate_edges.csv", mimeType: "text/csv", buffer: readFileSync(karateEdgesCsv) },
    datasetName: "karate",
  });
  const workbench = new WorkbenchPage(page);
  await workbench.goto("/datasets");
  await workbench.projectSelect.selectOption(projectId);

  for (const size of widths) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const section of sections) {
      await workbench.goto(section);
      await expect(workbench.heading()).toBeVisible();
      await expect(workbench.projectSelect).toHaveValue(projectId);
      // Let client-side panels (tables, the graph canvas) settle before measuring.
      await page.waitForLoadState("networkidle");
      expect
        .soft(await sidewaysOverflow(page), `${section} at ${size.width}px`)
        .toBeLessThanOrEqual(0);
      await page.screenshot({
        path: testInfo.outputPath(`${section.slice(1)}-${size.width}.png`),
        fullPage: true,
      });
    }
  }
});
