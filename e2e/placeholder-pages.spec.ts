import { expect, test } from "@playwright/test";
import { WorkbenchPage } from "./pages/workbench-page";

// Every section is built now; the loop stays for the next page that starts as a placeholder.
const placeholderSections: string[] = [];

for (const section of placeholderSections) {
  test(`${section} says honestly that it is not available yet`, async ({ page }, testInfo) => {
    const workbench = new WorkbenchPage(page);
    await workbench.goto("/datasets");
    await workbench.navLink(section).click();

    await expect(page).toHaveURL(new RegExp(`/${section.toLowerCase()}$`));
    await expect(workbench.heading()).toHaveText(section);
    await expect(workbench.navLink(section)).toHaveAttribute("aria-current", "page");
    await expect(workbench.notYetAvailable).toContainText("Not yet available");
    // It explains what will be there, and shows no tables or data pretending to be real.
    await expect(workbench.notYetAvailable.getByRole("listitem").first()).toBeVisible();
    await expect(workbench.main.locator("table")).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath(`${section.toLowerCase()}-not-yet.png`) });
  });
}

test("Results is built: the ML results view, no placeholder", async ({ page }, testInfo) => {
  const workbench = new WorkbenchPage(page);
  await workbench.goto("/datasets");
  await workbench.navLink("Results").click();

  await expect(page).toHaveURL(/\/results$/);
  await expect(workbench.heading()).toHaveText("Results");
  await expect(workbench.navLink("Results")).toHaveAttribute("aria-current", "page");
  await expect(workbench.notYetAvailable).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Training and inference jobs" })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("results-built.png") });
});
