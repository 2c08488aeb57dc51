import { expect, type Locator, type Page } from "@playwright/test";
import type { DatasetsPage } from "./datasets-page";
import { WorkbenchPage } from "./workbench-page";

export type LegendEntry = { community: number; label: string; color: string; nodeCount: number };

/** The Graph page: dataset/revision choice, graph information, the sigma drawing, legend, node details. */
export class GraphPage extends WorkbenchPage {
  readonly datasetSelect: Locator;
  readonly revisionSelect: Locator;
  readonly colorSelect: Locator;
  readonly sizeSelect: Locator;
  readonly info: Locator;
  readonly nodeCount: Locator;
  readonly edgeCount: Locator;
  readonly shownCount: Locator;
  readonly legend: Locator;
  readonly legendItems: Locator;
  readonly canvasRegion: Locator;
  readonly canvas: Locator;
  readonly textSummary: Locator;
  readonly fitButton: Locator;
  readonly zoomInButton: Locator;
  /** "Find a node": a combobox suggesting nodes by id or label. */
  readonly nodeSearch: Locator;
  readonly nodeSearchOptions: Locator;
  readonly nodeProperties: Locator;
  readonly nodeDetails: Locator;
  readonly showAllButton: Locator;
  readonly hiddenCount: Locator;
  readonly pngButton: Locator;
  readonly svgButton: Locator;
  readonly emptyState: Locator;
  readonly datasetFailed: Locator;
  readonly viewError: Locator;

  constructor(page: Page) {
    super(page);
    this.datasetSelect = page.getByTestId("graph-dataset-select");
    this.revisionSelect = page.getByTestId("graph-revision-select");
    this.colorSelect = page.getByTestId("graph-color-select");
    this.sizeSelect = page.getByTestId("graph-size-select");
    this.info = page.getByTestId("graph-info");
    this.nodeCount = page.getByTestId("graph-node-count");
    this.edgeCount = page.getByTestId("graph-edge-count");
    this.shownCount = page.getByTestId("graph-shown-count");
    this.legend = page.getByTestId("graph-legend");
    this.legendItems = page.getByTestId("graph-legend-item");
    this.canvasRegion = page.getByTestId("graph-canvas-region");
    this.canvas = page.getByTestId("graph-canvas");
    this.textSummary = page.getByTestId("graph-text-summary");
    this.fitButton = page.getByTestId("graph-fit-button");
    this.zoomInButton = page.getByTestId("graph-zoom-in-button");
    this.nodeSearch = page.getByTestId("graph-node-search");
    this.nodeSearchOptions = page.getByTestId("graph-node-search-option");
    this.nodeProperties = page.getByTestId("graph-node-properties");
    this.nodeDetails = page.getByTestId("graph-node-details");
    this.showAllButton = page.getByTestId("graph-show-all");
    this.hiddenCount = page.getByTestId("graph-hidden-count");
    this.pngButton = page.getByTestId("graph-picture-download-png");
    this.svgButton = page.getByTestId("graph-picture-download-svg");
    this.emptyState = page.getByTestId("graph-empty");
    this.datasetFailed = page.getByTestId("graph-dataset-failed");
    this.viewError = page.getByTestId("graph-view-error");
  }

  async open(query = ""): Promise<void> {
    await this.goto(`/graph${query}`);
    await expect(this.heading()).toHaveText("Graph");
  }

  async selectDataset(name: string): Promise<void> {
    const option = this.datasetSelect.locator("option", { hasText: name });
    const value = await option.getAttribute("value");
    expect(value, `an option for ${name}`).toBeTruthy();
    await this.datasetSelect.selectOption(value as string);
    await expect(this.page).toHaveURL(new RegExp(`[?&]dataset=${value}`));
  }

  /** The graph information's numbers (whole graph, from the construction record). */
  async expectCounts({ nodes, edges }: { nodes: number; edges: number }): Promise<void> {
    await expect(this.nodeCount).toHaveAttribute("data-count", String(nodes));
    await expect(this.edgeCount).toHaveAttribute("data-count", String(edges));
    await expect(this.nodeCount).toHaveText(nodes.toLocaleString("en"));
    await expect(this.edgeCount).toHaveText(edges.toLocaleString("en"));
  }

  /** Waits until sigma has drawn the current document at least once. */
  async expectDrawn(): Promise<void> {
    await expect(this.canvas).toHaveAttribute("data-rendered", "true", { timeout: 30_000 });
  }

  async legendEntries(): Promise<LegendEntry[]> {
    return this.legendItems.evaluateAll((items) =>
      items.map((item) => ({
        community: Number(item.getAttribute("data-community")),
        label: item.getAttribute("data-label") ?? "",
        color: item.getAttribute("data-color") ?? "",
        nodeCount: Number(item.getAttribute("data-node-count")),
      })),
    );
  }

  /** Types into the node search and waits for the suggestions. */
  async searchNode(query: string): Promise<void> {
    await this.nodeSearch.fill(query);
    await expect(this.nodeSearch).toHaveAttribute("aria-expanded", "true");
    await expect(this.nodeSearchOptions.first()).toBeVisible();
  }

  /** The value a property row of the inspector shows. */
  nodeProperty(name: string): Locator {
    return this.nodeProperties
      .locator(`[data-testid="graph-node-property"][data-name="${name}"]`)
      .getByTestId("graph-node-property-value");
  }

  /** The legend row named `label` (a community, type or property value). */
  legendItem(label: string): Locator {
    return this.legendItems.filter({
      has: this.page.getByTestId("graph-legend-name").getByText(label, { exact: true }),
    });
  }

  /** The WebGL canvas sigma draws its nodes on, with its size and the kind of context it holds. */
  async nodeCanvasInfo(): Promise<{ width: number; height: number; context: string | null }> {
    const nodeCanvas = this.canvas.locator("canvas.sigma-nodes");
    await expect(nodeCanvas).toHaveCount(1);
    return nodeCanvas.evaluate((element) => {
      const canvas = element as HTMLCanvasElement;
      // Asking again for the type the canvas already has returns that context; another type, null.
      const context = canvas.getContext("webgl2")
        ? "webgl2"
        : canvas.getContext("webgl")
          ? "webgl"
          : null;
      return { width: canvas.width, height: canvas.height, context };
    });
  }

  /**
   * Counts, in a screenshot of the drawing, the pixels of each given colour (±tolerance per
   * channel), with one point well inside a shape of that colour. The PNG is decoded by the
   * browser itself, so no image library is needed.
   */
  async countColouredPixels({
    screenshot,
    colors,
    tolerance = 6,
  }: {
    screenshot: Buffer;
    colors: string[];
    tolerance?: number;
  }): Promise<Record<string, { pixels: number; inside: { x: number; y: number } | null }>> {
    return this.page.evaluate(
      async ({ base64, colors, tolerance }) => {
        const image = new Image();
        image.src = `data:image/png;base64,${base64}`;
        await image.decode();
        const canvas = document.createElement("canvas");
        canvas.width = image.naturalWidth;
        canvas.height = image.naturalHeight;
        const context = canvas.getContext("2d");
        if (!context) throw new Error("no 2d context to decode the screenshot");
        context.drawImage(image, 0, 0);
        const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
        const targets = colors.map((color) => {
          const hex = color.replace("#", "");
          const full =
            hex.length === 3
              ? hex
                  .split("")
                  .map((digit) => digit + digit)
                  .join("")
              : hex;
          return [0, 2, 4].map((offset) => Number.parseInt(full.slice(offset, offset + 2), 16));
        });
        const width = canvas.width;
        const height = canvas.height;
        const matches = (x: number, y: number, target: number[]) => {
          if (x < 0 || y < 0 || x >= width || y >= height) return false;
          const index = (y * width + x) * 4;
          return (
            Math.abs(pixels[index] - target[0]) <= tolerance &&
            Math.abs(pixels[index + 1] - target[1]) <= tolerance &&
            Math.abs(pixels[index + 2] - target[2]) <= tolerance
          );
        };
        // `inside`: a pixel whose neighbours 3 px away share its colour, i.e. inside a node.
        const found = targets.map(() => ({
          pixels: 0,
          inside: null as { x: number; y: number } | null,
        }));
        for (let y = 0; y < height; y++) {
          for (let x = 0; x < width; x++) {
            const target = targets.findIndex((colour) => matches(x, y, colour));
            if (target < 0) continue;
            const entry = found[target];
            entry.pixels += 1;
            const colour = targets[target];
            if (
              !entry.inside &&
              matches(x - 3, y, colour) &&
              matches(x + 3, y, colour) &&
              matches(x, y - 3, colour) &&
              matches(x, y + 3, colour)
            ) {
              entry.inside = { x, y };
            }
          }
        }
        return Object.fromEntries(colors.map((color, target) => [color, found[target]]));
      },
      { base64: screenshot.toString("base64"), colors, tolerance },
    );
  }
}

/** The "Build graph" action of one Datasets row, and what the row says afterwards. */
export class DatasetBuildRow {
  readonly row: Locator;
  readonly buildButton: Locator;
  readonly nodeTableSelect: Locator;
  readonly directedCheckbox: Locator;
  readonly weightColumnSelect: Locator;
  readonly summary: Locator;
  readonly status: Locator;
  readonly error: Locator;

  constructor(datasets: DatasetsPage, originalFilename: string) {
    this.row = datasets.rowFor(originalFilename);
    this.buildButton = this.row.getByTestId("build-graph-button");
    this.nodeTableSelect = this.row.getByTestId("node-table-select");
    this.directedCheckbox = this.row.getByTestId("directed-checkbox");
    this.weightColumnSelect = this.row.getByTestId("weight-column-select");
    this.summary = this.row.getByTestId("graph-summary");
    this.status = this.row.getByTestId("construction-status");
    this.error = this.row.getByTestId("construction-error");
  }

  /** Sets the given build options (others stay as the row shows them), then builds. */
  async build({
    nodeTableName,
    directed,
    weightColumn,
  }: {
    nodeTableName?: string;
    directed?: boolean;
    /** A column name, or "" for unweighted. */
    weightColumn?: string;
  } = {}): Promise<void> {
    if (nodeTableName) await this.nodeTableSelect.selectOption({ label: nodeTableName });
    if (directed !== undefined) await this.directedCheckbox.setChecked(directed);
    if (weightColumn !== undefined) {
      await expect(this.weightColumnSelect).toBeEnabled();
      await this.weightColumnSelect.selectOption(weightColumn);
    }
    await expect(this.buildButton).toBeEnabled();
    await this.buildButton.click();
  }

  /** While the server builds: the button says so and cannot be pressed twice. */
  async expectBuilding(): Promise<void> {
    await expect(this.buildButton).toHaveText(/Building…/);
    await expect(this.buildButton).toBeDisabled();
    await expect(this.status).toHaveAttribute("data-status", "building");
  }

  /** The counts, direction and weights the row shows for its current revision. */
  async expectSummary(expected: {
    nodes: number;
    edges: number;
    directed: boolean;
    weightColumn: string | null;
  }): Promise<void> {
    await expect(this.summary.getByTestId("graph-node-count")).toHaveText(
      `${expected.nodes} nodes`,
    );
    await expect(this.summary.getByTestId("graph-edge-count")).toHaveText(
      `${expected.edges} edges`,
    );
    await expect(this.summary.getByTestId("graph-direction")).toHaveText(
      expected.directed ? "directed" : "undirected",
    );
    await expect(this.summary.getByTestId("graph-weights")).toHaveText(
      expected.weightColumn ? `weighted by ${expected.weightColumn}` : "unweighted",
    );
    for (const testId of ["graph-node-count", "graph-edge-count", "graph-direction"]) {
      await expect(this.summary.getByTestId(testId)).toBeVisible();
    }
  }

  async expectReady(revision: number): Promise<void> {
    await expect(this.status).toHaveAttribute("data-status", "ready", { timeout: 60_000 });
    await expect(this.status).toHaveText(`Ready · revision ${revision}`);
    await expect(this.buildButton).toHaveText(/Rebuild/);
  }
}
