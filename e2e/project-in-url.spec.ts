import { expect, test } from "@playwright/test";
import { DatasetsPage } from "./pages/datasets-page";
import { uniqueName } from "./support/api";
import { watchConsoleErrors } from "./support/console-errors";

test("the current project is in the address: switching writes it, a reload and a shared link keep it", async ({
  page,
  browser,
}) => {
  const datasets = new DatasetsPage(page);
  await datasets.open();
  const firstName = uniqueName("Address A");
  const firstId = await datasets.createProject(firstName);
  await expect(page).toHaveURL(new RegExp(`[?&]project=${firstId}(&|$)`));
  const secondName = uniqueName("Address B");
  const secondId = await datasets.createProject(secondName);
  await expect(page).toHaveURL(new RegExp(`[?&]project=${secondId}(&|$)`));

  // Switching back with the selector writes the address.
  await datasets.projectSelect.selectOption(firstId);
  await expect(page).toHaveURL(new RegExp(`[?&]project=${firstId}(&|$)`));
  await expect(datasets.page.getByTestId("current-project-name")).toHaveText(firstName);

  // A reload keeps it.
  await page.reload();
  await expect(datasets.projectSelect).toHaveValue(firstId);
  await expect(page.getByTestId("current-project-name")).toHaveText(firstName);

  // A link opened in a fresh browser context (nothing remembered) opens the project it names.
  const context = await browser.newContext();
  const shared = new DatasetsPage(await context.newPage());
  await shared.goto(`/datasets?project=${secondId}`);
  await expect(shared.projectSelect).toHaveValue(secondId);
  await expect(shared.page.getByTestId("current-project-name")).toHaveText(secondName);
  // Pages reached from there without the parameter stay in it.
  await shared.goto("/datasets");
  await expect(shared.projectSelect).toHaveValue(secondId);
  await context.close();
});

test("an address naming an unknown project falls back to the default without breaking", async ({
  page,
}) => {
  const errors = watchConsoleErrors(page, [/404|Not Found/i]);
  const datasets = new DatasetsPage(page);
  await datasets.open();
  const projectId = await datasets.createProject(uniqueName("Fallback"));
  await datasets.goto("/datasets?project=no-such-project");
  await expect(datasets.heading()).toHaveText("Datasets");
  // The remembered project stays the current one.
  await expect(datasets.projectSelect).toHaveValue(projectId);
  await expect(page.getByTestId("dataset-list-empty")).toBeVisible();
  expect(errors).toEqual([]);
});
