import { expect, test } from "@playwright/test";
import {
  ChatPage,
  createBuiltShopProjectViaApi,
  openKarateWithClubConversation,
  readerText,
} from "./pages/chat-page";
import { uniqueName } from "./support/api";
import { watchConsoleErrors } from "./support/console-errors";
import { shopSql } from "./support/fixture-paths";

// A clean chat with the offline model: each answer shows a ranking once, no ids in prose or
// card titles, stage-setting cards on one line, readable sources, metrics as a table, a
// rounding note only where a figure was rounded, community members as a list, and a report
// that leads with its findings.

const uuidPattern = /[0-9a-f]{8}-[0-9a-f]{4}-/;
const roundingNote = /rounded to 4 significant digits/i;

async function expectNoIds(chat: ChatPage, runId: string): Promise<void> {
  expect(await chat.visibleText(runId)).not.toMatch(uuidPattern);
}

test("a ranking answer: one ranking table, folded load cards, readable sources, no ids", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const errors = watchConsoleErrors(page);
  const chat = await openKarateWithClubConversation(page, request, "Clean chat");

  const runId = await chat.ask("Which nodes have the highest PageRank?");
  await chat.expectCompleted(runId, 90_000);
  await page.screenshot({ path: testInfo.outputPath("pagerank.png"), fullPage: true });

  // One ranking table in the whole run (the answer's); the tool's own opens on request.
  const rankingTables = (await chat.visibleTableHeaders(runId)).filter((header) =>
    header.some((cell) => /^rank$/i.test(cell)),
  );
  expect(rankingTables).toHaveLength(1);

  // No UUID in prose or card titles.
  await expectNoIds(chat, runId);

  // Stage-setting cards are one line each, and open on request.
  for (const toolName of ["load_constructed_graph", "get_graph_info"]) {
    const card = chat.toolCard(runId, toolName).first();
    if ((await card.count()) === 0) continue;
    await expect(card).toHaveAttribute("data-collapsed", "true");
    const box = await card.boundingBox();
    expect(box?.height ?? 0, `${toolName} is one line`).toBeLessThan(44);
    await expect(card.getByTestId("tool-card-summary")).toContainText("34 nodes");
  }
  const loadCard = chat.toolCard(runId, "load_constructed_graph").first();
  const anyPlumbing =
    (await loadCard.count()) > 0 ? loadCard : chat.toolCard(runId, "get_graph_info").first();
  await anyPlumbing.getByTestId("tool-card-expand").click();
  await expect(anyPlumbing).toHaveAttribute("data-collapsed", "false");
  await expect(anyPlumbing.getByTestId("tool-card-args-toggle")).toBeVisible();

  // Sources in words.
  const answer = chat.answer(runId);
  await expect(answer).toContainText("PageRank on karate (top 10)");
  expect(await readerText(answer)).not.toContain('\\"');

  // Integer degrees carry no rounding note; PageRank's rounded scores do.
  expect(await readerText(answer)).toMatch(roundingNote);
  const degreeRun = await chat.ask("show the top 12 nodes by degree");
  await chat.expectCompleted(degreeRun, 90_000);
  expect(await readerText(chat.answer(degreeRun))).not.toMatch(roundingNote);
  expect(
    (await chat.visibleTableHeaders(degreeRun)).filter((header) =>
      header.some((cell) => /^rank$/i.test(cell)),
    ),
  ).toHaveLength(1);
  await expectNoIds(chat, degreeRun);
  expect(errors).toEqual([]);
});

test("communities as lists, training metrics as a table, a report that leads with findings", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  const errors = watchConsoleErrors(page);
  const chat = await openKarateWithClubConversation(page, request, "Clean chat");

  // Community members: a comma-separated list, never path arrows, in the card and the answer.
  const communities = await chat.ask("Find the communities");
  await chat.expectCompleted(communities, 90_000);
  const card = chat.toolCard(communities, "community_detection");
  await card.getByTestId("tool-result-table-toggle").first().click();
  await expect(card.getByTestId("tool-result-table")).toBeVisible();
  const communityText = await chat.visibleText(communities);
  expect(communityText).not.toContain("→");
  expect(communityText).toContain("n4, n5, n6, n10, n16");
  await expectNoIds(chat, communities);
  await page.screenshot({ path: testInfo.outputPath("communities.png"), fullPage: true });

  // Training: the card's metrics are a table (part × metric), never JSON in a cell.
  const train = await chat.ask("Train a GCN to predict club");
  await chat.expectCompleted(train, 120_000);
  const metrics = chat.toolCard(train, "train").locator('[data-table="metrics"]');
  await expect(metrics.locator("thead th").first()).toHaveText("part");
  // Columns in the stored record's key order (PostgreSQL jsonb: shorter keys first).
  await expect(metrics.locator("thead th")).toContainText(["part", "loss", "accuracy", "macro_f1"]);
  await expect(metrics.locator("tbody tr")).toHaveCount(3);
  expect(await readerText(metrics)).not.toContain("{");
  await expectNoIds(chat, train);
  await page.screenshot({ path: testInfo.outputPath("train.png"), fullPage: true });

  // A report: its findings first, the raw tool fields after them, in an appendix.
  await chat.outputFormatSelect.selectOption("report");
  const report = await chat.ask("write a report about this graph");
  await chat.expectCompleted(report, 120_000);
  await expectNoIds(chat, report);
  const reportCard = chat.toolCard(report, "create_analysis_report");
  await reportCard.getByTestId("report-card-toggle").click();
  const document = reportCard.getByTestId("report-document");
  await expect(document).toBeVisible();
  const headings = await document
    .locator("h3, h4, h5, h6")
    .evaluateAll((items) => items.map((item) => item.textContent?.trim() ?? ""));
  // The title, then Findings before anything else.
  expect(headings[1]).toBe("Findings");
  const appendix = headings.indexOf("Appendix: raw tool fields");
  expect(appendix).toBeGreaterThan(1);
  expect(headings.slice(1, appendix)).not.toContain("get_graph_info");
  expect(headings.slice(appendix)).toContain("get_graph_info");
  // The findings start near the top of the report, not below the graph's raw fields.
  const findingsTop = await document.getByText("Findings", { exact: true }).boundingBox();
  const documentTop = await document.boundingBox();
  expect((findingsTop?.y ?? 0) - (documentTop?.y ?? 0)).toBeLessThan(400);
  const documentText = await readerText(document);
  expect(documentText.indexOf("dataset_id")).toBeGreaterThan(
    documentText.indexOf("Appendix: raw tool fields"),
  );
  await page.screenshot({ path: testInfo.outputPath("report.png"), fullPage: true });
  expect(errors).toEqual([]);
});

test("a SQL answer's sources are readable: the query as code, no escaped quotes, no ids", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const errors = watchConsoleErrors(page);
  const { projectId } = await createBuiltShopProjectViaApi(request, {
    projectName: uniqueName("Clean chat shop"),
    shopSqlPath: shopSql,
  });
  const chat = new ChatPage(page);
  await chat.open();
  await chat.selectProject(projectId);
  await chat.createSession();
  await chat.attach("shop");
  const runId = await chat.ask("which customer spent the most");
  await chat.expectCompleted(runId, 90_000);
  const answer = chat.answer(runId);
  const text = await readerText(answer);
  expect(text).not.toContain('\\"');
  expect(text).toMatch(/Sources: .*SQL query on shop/);
  await expect(answer.locator("pre").filter({ hasText: "SELECT" })).toHaveCount(1);
  expect(
    (await chat.visibleTableHeaders(runId)).filter((header) => header.includes("sum_total")),
  ).toHaveLength(1);
  await expectNoIds(chat, runId);
  await page.screenshot({ path: testInfo.outputPath("shop.png"), fullPage: true });
  expect(errors).toEqual([]);
});
