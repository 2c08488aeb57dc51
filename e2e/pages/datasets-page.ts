import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, type Locator, type Page } from "@playwright/test";
import { WorkbenchPage } from "./workbench-page";

/** The Datasets page: drop zone, per-file upload status, the stored list. */
export class DatasetsPage extends WorkbenchPage {
  readonly dropZone: Locator;
  readonly fileInput: Locator;
  readonly chooseFilesButton: Locator;
  readonly uploadLimitHint: Locator;
  readonly rows: Locator;
  readonly count: Locator;
  readonly emptyList: Locator;

  constructor(page: Page) {
    super(page);
    this.dropZone = page.getByTestId("dataset-drop-zone");
    this.fileInput = page.getByTestId("dataset-file-input");
    this.chooseFilesButton = page.getByTestId("choose-files-button");
    this.uploadLimitHint = page.getByTestId("upload-limit-hint");
    this.rows = page.getByTestId("dataset-row");
    this.count = page.getByTestId("dataset-count");
    this.emptyList = page.getByTestId("dataset-list-empty");
  }

  async open(): Promise<void> {
    await this.goto("/datasets");
    await expect(this.heading()).toHaveText("Datasets");
  }

  /** Uploads through the file input, the path the "Choose files" button opens. */
  async chooseFiles(filePaths: string[]): Promise<void> {
    await this.fileInput.setInputFiles(filePaths);
  }

  /** Drops a file on the drop zone the way a browser does: drag events carrying a DataTransfer. */
  async dropFile(filePath: string, mimeType: string): Promise<void> {
    const content = await readFile(filePath);
    const dataTransfer = await this.page.evaluateHandle(
      ({ base64, name, type }) => {
        const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
        const transfer = new DataTransfer();
        transfer.items.add(new File([bytes], name, { type }));
        return transfer;
      },
      { base64: content.toString("base64"), name: path.basename(filePath), type: mimeType },
    );
    await this.dropZone.dispatchEvent("dragenter", { dataTransfer });
    await this.dropZone.dispatchEvent("dragover", { dataTransfer });
    await expect(this.dropZone).toHaveAttribute("data-dragging", "true");
    await this.dropZone.dispatchEvent("drop", { dataTransfer });
    await dataTransfer.dispose();
  }

  /** The upload of this file: alone, or as the edge table or node table of a pair. */
  uploadItem(fileName: string): Locator {
    return this.page.locator(
      `[data-testid="upload-item"][data-file-name="${fileName}"], [data-testid="upload-item"][data-nodes-file-name="${fileName}"]`,
    );
  }

  /** An edge table and its node table went up together, as one upload and one dataset. */
  async expectPairUploaded(edgesFileName: string, nodesFileName: string): Promise<void> {
    const item = this.page.locator(
      `[data-testid="upload-item"][data-file-name="${edgesFileName}"][data-nodes-file-name="${nodesFileName}"]`,
    );
    await expect(item).toHaveAttribute("data-phase", "succeeded");
    await expect(item.getByTestId("upload-node-table")).toContainText(nodesFileName);
    await expect(item.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
  }

  async expectUploadSucceeded(fileName: string): Promise<void> {
    const item = this.uploadItem(fileName);
    await expect(item).toHaveAttribute("data-phase", "succeeded");
    await expect(item.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
  }

  /** The upload failed, and the page shows the server's (or pre-check's) code and a sentence. */
  async expectUploadFailed(fileName: string, code: string): Promise<string> {
    const item = this.uploadItem(fileName);
    await expect(item).toHaveAttribute("data-phase", "failed");
    await expect(item.getByTestId("upload-error-code")).toHaveText(code);
    const message = ((await item.getByTestId("upload-error").textContent()) ?? "").trim();
    expect(message.length, "the error explains itself in words").toBeGreaterThan(code.length + 10);
    return message;
  }

  rowFor(originalFilename: string): Locator {
    return this.page.locator(
      `[data-testid="dataset-row"][data-original-filename="${originalFilename}"]`,
    );
  }

  async expectCount(count: number): Promise<void> {
    await expect(this.count).toHaveAttribute("data-count", String(count));
    await expect(this.rows).toHaveCount(count);
  }
}
