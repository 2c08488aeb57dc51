import { expect, test } from "@playwright/test";
import { openKarateConversation } from "./pages/chat-page";
import { watchConsoleErrors } from "./support/console-errors";

test("A ranking answer shows its tool result as a table: rank, node and measure, first rows then all", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const consoleErrors = watchConsoleErrors(page);
  const { chat } = await openKarateConversation(page, request, "Analysis table");
  await chat.attach("karate");
  const runId = await chat.ask("show the top 12 nodes by degree");
  await chat.expectCompleted(runId);
  // The answer shows the ranking; the tool's own table is one click away in its card.
  await chat.toolCards(runId).getByTestId("tool-result-table-toggle").first().click();
  const table = chat.toolCards(runId).getByTestId("tool-result-table").first();
  await expect(table).toBeVisible();
  await expect(table.locator("caption")).toContainText("Ranking");
  const header = table.locator("thead th");
  await expect(header.first()).toHaveText("rank");
  // "By degree" is the raw count (degree_analysis): n33 has the most neighbours, 17 (NetworkX).
  const firstRow = table.locator("tbody tr").first();
  await expect(firstRow.locator("td").nth(1)).toHaveText("n33");
  await expect(firstRow.locator("td").last()).toHaveText("17");
  // Ten rows first; the rest one click away, and the click is announced by aria-expanded.
  await expect(table.locator("tbody tr")).toHaveCount(10);
  const more = table.getByRole("button", { name: /Show all 12 rows/ });
  await more.click();
  await expect(table.locator("tbody tr")).toHaveCount(12);
  await expect(table.getByRole("button", { name: "Show fewer rows" })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  await page.screenshot({ path: testInfo.outputPath("chat-analysis-table.png"), fullPage: true });
  expect(consoleErrors).toEqual([]);
});
