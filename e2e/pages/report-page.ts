import { expect, type Locator, type Page } from "@playwright/test";
import { WorkbenchPage } from "./workbench-page";

/** A report's page (/results/reports/{id}): the report, its downloads and its sources. */
export class ReportPage extends WorkbenchPage {
  readonly view: Locator;
  readonly disclaimer: Locator;
  readonly document: Locator;
  readonly figureLinks: Locator;
  readonly sources: Locator;
  readonly sourceTools: Locator;
  readonly downloadMarkdown: Locator;
  readonly downloadHtml: Locator;
  readonly printButton: Locator;
  readonly error: Locator;

  constructor(page: Page) {
    super(page);
    this.view = page.getByTestId("report-view");
    this.disclaimer = page.getByTestId("report-disclaimer");
    this.document = page.getByTestId("report-document");
    this.figureLinks = this.document.getByTestId("figure-link");
    this.sources = page.getByTestId("report-source");
    this.sourceTools = page.getByTestId("report-source-tool");
    this.downloadMarkdown = page.getByTestId("report-download-md");
    this.downloadHtml = page.getByTestId("report-download-html");
    this.printButton = page.getByTestId("report-print");
    this.error = page.getByTestId("report-error");
  }

  async open(reportId: string): Promise<void> {
    await this.goto(`/results/reports/${reportId}`);
  }

  source(toolCallId: string): Locator {
    return this.page.locator(`[data-testid="report-source"][data-tool-call-id="${toolCallId}"]`);
  }

  async expectLoaded(): Promise<void> {
    await expect(this.view).toBeVisible({ timeout: 30_000 });
  }
}
