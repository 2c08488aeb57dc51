import { expect, type Locator, type Page } from "@playwright/test";

/** The memory manager: a tab per store, search, records with delete, confirm and undo. */
export class MemoryPage {
  readonly search: Locator;
  readonly searchSubmit: Locator;
  readonly records: Locator;
  readonly empty: Locator;
  readonly undoBar: Locator;
  readonly undoButton: Locator;

  constructor(readonly page: Page) {
    this.search = page.getByTestId("memory-search");
    this.searchSubmit = page.getByTestId("memory-search-submit");
    this.records = page.getByTestId("memory-record");
    this.empty = page.getByTestId("memory-empty");
    this.undoBar = page.getByTestId("memory-undo-bar");
    this.undoButton = page.getByTestId("memory-undo");
  }

  async open(): Promise<void> {
    await this.page.goto("/memory");
    await expect(this.page.getByRole("heading", { level: 1 })).toHaveText("Memory");
  }

  tab(store: string): Locator {
    return this.page.getByTestId(`memory-tab-${store}`);
  }

  record(memoryId: string): Locator {
    return this.page.locator(`[data-testid="memory-record"][data-memory-id="${memoryId}"]`);
  }

  /** Searches the open store with the keyboard (type, Enter). */
  async searchFor(text: string): Promise<void> {
    await this.search.fill(text);
    await this.search.press("Enter");
  }
}
