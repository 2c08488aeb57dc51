import { expect, test } from "@playwright/test";
import { DatasetsPage } from "./pages/datasets-page";
import { uniqueName } from "./support/api";

const datasetsListUrl = "**/api/projects/*/datasets";

test("the dataset list shows a skeleton while loading and an error with a working retry", async ({
  page,
}, testInfo) => {
  const datasets = new DatasetsPage(page);
  await datasets.open();
  await datasets.createProject(uniqueName("Load states"));
  await datasets.expectCount(0);

  // The list request fails as a server in trouble would answer: the error envelope, status 503.
  let failing = true;
  await page.route(datasetsListUrl, async (route) => {
    if (route.request().method() !== "GET") return route.fallback();
    if (!failing) {
      // Slow enough for the skeleton to be seen, then the real answer.
      await new Promise((resolve) => setTimeout(resolve, 800));
      return route.fallback();
    }
    return route.fulfill({
      status: 503,
      contentType: "application/json",
      body: JSON.stringify({
        error: {
          code: "SERVICE_UNAVAILABLE",
          message: "The database is not reachable.",
          details: {},
        },
      }),
    });
  });
  await page.reload();

  const errorState = page.getByTestId("dataset-list-error");
  await expect(errorState).toContainText("The database is not reachable.");
  await expect(errorState).toContainText("SERVICE_UNAVAILABLE");
  await page.screenshot({ path: testInfo.outputPath("dataset-list-error.png") });

  failing = false;
  await page.getByTestId("dataset-list-error-retry").click();
  await expect(errorState).toHaveCount(0);
  await expect(datasets.emptyList).toBeVisible();

  // A fresh load shows the skeleton before the data.
  await page.reload();
  await expect(page.getByTestId("dataset-table-loading")).toBeVisible();
  await expect(datasets.emptyList).toBeVisible();
});
