import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { openKarateConversation } from "./pages/chat-page";
import { ReportPage } from "./pages/report-page";
import { watchConsoleErrors } from "./support/console-errors";
import { karateEdgesCsv } from "./support/fixture-paths";

type RunSnapshot = {
  tool_calls: { tool_call_id: string; tool_name: string; result?: { data?: unknown } | null }[];
};

/** The value at a figure link's path (`top[4].score`, `nodes`) inside a result's data. */
function valueAt(data: unknown, path: string): unknown {
  let current: unknown = data;
  for (const part of path.match(/[^.[\]]+/g) ?? []) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

test("a report opens from the chat, its figures match the tool results, and it downloads", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const errors = watchConsoleErrors(page);
  const { chat } = await openKarateConversation(page, request, "Chat report");
  await chat.attach("karate");
  const runId = await chat.ask("write a report of the analysis");
  await chat.expectCompleted(runId, 90_000);

  const card = chat.toolCard(runId, "create_analysis_report");
  await expect(card).toHaveAttribute("data-status", "succeeded");
  const reportCard = card.getByTestId("report-card");
  await expect(reportCard).toBeVisible({ timeout: 30_000 });
  const reportId = (await reportCard.getAttribute("data-report-id")) as string;
  expect(reportId).toBeTruthy();

  // Inline in the chat: the report itself, with its figures linked to this run's tool cards.
  await card.getByTestId("report-card-toggle").click();
  const inline = card.getByTestId("report-document");
  await expect(inline).toBeVisible();
  await expect(card.getByTestId("report-disclaimer")).toContainText(
    "not a proof of business correctness",
  );
  const inlineFigure = inline.getByTestId("figure-link").first();
  await expect(inlineFigure).toBeVisible();
  const inlineTarget = (await inlineFigure.getAttribute("data-tool-call-id")) as string;
  await inlineFigure.click();
  await expect(
    chat.run(runId).locator(`[data-testid="tool-card"][data-tool-call-id="${inlineTarget}"]`),
  ).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath("chat-report-inline.png"), fullPage: true });

  // The report page, reached from the keyboard.
  await card.getByTestId("report-card-open").focus();
  await page.keyboard.press("Enter");
  const report = new ReportPage(page);
  await expect(page).toHaveURL(new RegExp(`/results/reports/${reportId}$`));
  await report.expectLoaded();
  await expect(report.disclaimer).toContainText("not a proof of business correctness");
  await expect(report.document.locator("table").first()).toBeVisible();
  await expect(report.document.locator("script, img, iframe")).toHaveCount(0);

  // source_results by tool name: the tools this run called before the report.
  const snapshot = (await (await request.get(`/api/runs/${runId}`)).json()) as RunSnapshot;
  const calledTools = new Set(
    snapshot.tool_calls
      .map((call) => call.tool_name)
      .filter((name) => name !== "create_analysis_report"),
  );
  const listedTools = await report.sourceTools.evaluateAll((items) =>
    items.map((item) => item.getAttribute("data-tool-name")),
  );
  expect(listedTools.length).toBeGreaterThan(0);
  for (const tool of listedTools) expect(calledTools).toContain(tool);

  // Every linked figure is a value of the tool result it links to.
  const figures = await report.figureLinks.evaluateAll((links) =>
    links.map((link) => ({
      toolCallId: link.getAttribute("data-tool-call-id") ?? "",
      path: link.getAttribute("data-path") ?? "",
      value: Number(link.getAttribute("data-value")),
      text: link.textContent ?? "",
    })),
  );
  testInfo.annotations.push({ type: "figures", description: JSON.stringify(figures) });
  expect(figures.length).toBeGreaterThan(0);
  for (const figure of figures) {
    const call = snapshot.tool_calls.find((item) => item.tool_call_id === figure.toolCallId);
    expect(call, `figure ${figure.text} links to a call of this run`).toBeTruthy();
    expect(valueAt(call?.result?.data, figure.path), figure.path).toBe(figure.value);
  }
  // A figure link jumps to its source on the page.
  const first = figures[0];
  await report.figureLinks.first().click();
  await expect(report.source(first?.toolCallId ?? "")).toBeFocused();
  await expect(report.source(first?.toolCallId ?? "")).toHaveAttribute("data-highlighted", "true");
  await page.screenshot({ path: testInfo.outputPath("report-page.png"), fullPage: true });

  // Downloads: Markdown and inert HTML.
  const [markdownDownload] = await Promise.all([
    page.waitForEvent("download"),
    report.downloadMarkdown.click(),
  ]);
  expect(markdownDownload.suggestedFilename()).toMatch(/\.md$/);
  const markdown = await readFile((await markdownDownload.path()) as string, "utf8");
  expect(markdown).toContain("not a proof of business correctness");
  const [htmlDownload] = await Promise.all([
    page.waitForEvent("download"),
    report.downloadHtml.click(),
  ]);
  expect(htmlDownload.suggestedFilename()).toMatch(/\.html$/);
  const html = await readFile((await htmlDownload.path()) as string, "utf8");
  expect(html).not.toMatch(/<script/i);
  expect(html).toContain("Content-Security-Policy");
  const headers = (await request.get(`/api/reports/${reportId}/download?format=html`)).headers();
  expect(headers["content-disposition"]).toMatch(/^attachment; filename="[^"]+\.html"/);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["content-security-policy"]).toContain("sandbox");

  // Printed, only the report is on paper.
  await page.emulateMedia({ media: "print" });
  await expect(page.locator("aside")).toBeHidden();
  await expect(report.printButton).toBeHidden();
  await expect(report.disclaimer).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("report-print.png"), fullPage: true });
  await page.emulateMedia({ media: "screen" });
  expect(errors).toEqual([]);
});

test("an unknown report id says so; an unknown file id is 404", async ({
  page,
  request,
}, testInfo) => {
  const errors = watchConsoleErrors(page, [/status of 404/]);
  const missing = "00000000-0000-4000-8000-000000000000";
  const report = new ReportPage(page);
  await report.open(missing);
  await expect(report.error).toContainText("no such report");
  await expect(report.error).toContainText("NOT_FOUND");
  await page.screenshot({ path: testInfo.outputPath("report-missing.png") });
  for (const url of [`/api/reports/${missing}`, `/api/files/${missing}`]) {
    const response = await request.get(url);
    expect(response.status()).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("NOT_FOUND");
  }
  expect(errors).toEqual([]);
});

test("the conversation's Files panel lists the upload and downloads it", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const errors = watchConsoleErrors(page);
  const { chat } = await openKarateConversation(page, request, "Chat files");
  // The panel lists this conversation's files: the dataset its question attached.
  await chat.attach("karate");
  const asked = await chat.ask("How many nodes does the graph have?");
  await chat.expectCompleted(asked);
  const toggle = page.getByTestId("session-files-toggle");
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const upload = page.locator('[data-testid="session-file"][data-area="Uploaded"]');
  await expect(upload).toHaveCount(1);
  await expect(upload).toHaveAttribute("data-name", "karate_edges.csv");
  await expect(page.getByTestId("session-files-Derived-empty")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("files-panel.png"), fullPage: true });
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    upload.getByTestId("session-file-download").click(),
  ]);
  expect(download.suggestedFilename()).toBe("karate_edges.csv");
  expect(await readFile((await download.path()) as string, "utf8")).toBe(
    await readFile(karateEdgesCsv, "utf8"),
  );
  await expect(chat.messageInput).toBeEnabled();
  expect(errors).toEqual([]);
});
