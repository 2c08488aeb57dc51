import type { Locator, Page } from "@playwright/test";
import { WorkbenchPage } from "./workbench-page";

/** The Results page (/results): ML jobs, a model's curves and final metrics, the comparison. */
export class ResultsPage extends WorkbenchPage {
  readonly jobRows: Locator;
  readonly curvesPanel: Locator;
  readonly chart: Locator;
  readonly chartPoints: Locator;
  readonly keptEpochDot: Locator;
  readonly showDataToggle: Locator;
  readonly curvesTable: Locator;
  readonly finalMetrics: Locator;
  readonly comparisonGroups: Locator;
  readonly rocCurves: Locator;
  readonly rocChart: Locator;

  constructor(page: Page) {
    super(page);
    this.jobRows = page.getByTestId("ml-job-row");
    this.curvesPanel = page.getByTestId("model-curves-panel");
    this.chart = this.curvesPanel.getByTestId("training-curves-chart");
    // One dot per epoch on the validation-metric line, as recharts drew it in the SVG.
    this.chartPoints = this.chart.locator("circle.val-metric-dot");
    this.keptEpochDot = this.chart.locator(".kept-epoch-dot");
    this.showDataToggle = this.curvesPanel.getByTestId("training-curves-toggle");
    this.curvesTable = this.curvesPanel.getByTestId("training-curves-table");
    this.finalMetrics = this.curvesPanel.getByTestId("final-metrics");
    this.comparisonGroups = page.getByTestId("comparison-group");
    this.rocCurves = this.curvesPanel.getByTestId("roc-curves");
    this.rocChart = this.curvesPanel.getByTestId("roc-curve-chart");
  }

  async open(): Promise<void> {
    await this.goto("/results");
  }

  /** The comparison group of one dataset. */
  group(datasetName: string): Locator {
    return this.page.locator(
      `[data-testid="comparison-group"][data-dataset-name="${datasetName}"]`,
    );
  }
}
