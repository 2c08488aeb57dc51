import { expect, test } from "@playwright/test";
import { DatasetsPage } from "./pages/datasets-page";
import { listDatasetsViaApi, uniqueName } from "./support/api";

test("the root redirects to the Datasets page", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/datasets$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Datasets");
});

test("skip link and section navigation work with the keyboard alone", async ({
  page,
}, testInfo) => {
  const workbench = new DatasetsPage(page);
  await workbench.open();

  // The first Tab lands on the skip link, which becomes visible and moves focus into <main>.
  await page.keyboard.press("Tab");
  await expect(workbench.skipLink).toBeFocused();
  await expect(workbench.skipLink).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath("skip-link-focused.png") });
  await page.keyboard.press("Enter");
  await expect(workbench.main).toBeFocused();

  await expect(workbench.navLink("Datasets")).toHaveAttribute("aria-current", "page");
  await workbench.tabTo("nav-link-graph");
  await expect(workbench.navLink("Graph")).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/graph$/);
  await expect(workbench.heading()).toHaveText("Graph");
  await expect(workbench.navLink("Graph")).toHaveAttribute("aria-current", "page");
  await expect(workbench.navLink("Datasets")).not.toHaveAttribute("aria-current", "page");
});

test("a project created from the keyboard becomes current, starts empty and is remembered", async ({
  page,
  request,
}, testInfo) => {
  const datasets = new DatasetsPage(page);
  await datasets.open();

  await datasets.tabTo("new-project-button");
  await page.keyboard.press("Enter");
  await expect(datasets.projectNameInput).toBeFocused();

  // An empty name is refused in the browser, with the reason next to the field.
  await page.keyboard.press("Enter");
  await expect(datasets.createProjectError).toContainText("Enter a project name");
  await expect(datasets.projectNameInput).toHaveAttribute("aria-invalid", "true");

  const name = uniqueName("Keyboard");
  await page.keyboard.type(name);
  await page.keyboard.press("Enter");
  await expect(datasets.projectSelect.locator("option:checked")).toHaveText(name);
  await expect(datasets.newProjectButton).toBeFocused();
  const projectId = await datasets.currentProjectId();

  await expect(datasets.emptyList).toBeVisible();
  await datasets.expectCount(0);
  expect(await listDatasetsViaApi(request, projectId)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath("new-project-empty.png") });

  // The server's own refusal (duplicate name) is shown with its code.
  await datasets.newProjectButton.click();
  await datasets.projectNameInput.fill(name);
  await datasets.projectNameInput.press("Enter");
  await expect(datasets.createProjectError).toContainText(name);
  await expect(datasets.createProjectError.locator("code")).toHaveText(/^[A-Z_]+$/);
  await datasets.projectNameInput.press("Escape");
  await expect(datasets.newProjectButton).toBeFocused();

  // The choice survives a reload (localStorage), instead of falling back to the first project.
  await page.reload();
  await expect(datasets.projectSelect).toHaveValue(projectId);
});
