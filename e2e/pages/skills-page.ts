import { expect, type Locator, type Page } from "@playwright/test";
import { WorkbenchPage } from "./workbench-page";

/** The Skills page: upload zone, search, review queue, active skills, the selected skill. */
export class SkillsPage extends WorkbenchPage {
  readonly fileInput: Locator;
  readonly uploadStatus: Locator;
  readonly search: Locator;
  readonly reviewQueue: Locator;
  readonly activeSkills: Locator;
  readonly detail: Locator;

  constructor(page: Page) {
    super(page);
    this.fileInput = page.getByTestId("skill-file-input");
    this.uploadStatus = page.getByTestId("skill-upload-status");
    this.search = page.getByTestId("skill-search");
    this.reviewQueue = page.getByTestId("review-queue");
    this.activeSkills = page.getByTestId("active-skills");
    this.detail = page.getByTestId("skill-detail");
  }

  async open(): Promise<void> {
    await this.goto("/skills");
    await expect(this.heading()).toHaveText("Skills");
    await expect(this.activeSkills).toBeVisible();
  }

  /** Uploads through the file input (the path "Choose a file" opens) and waits for the answer. */
  async upload(filePath: string): Promise<void> {
    await this.fileInput.setInputFiles(filePath);
    await expect(this.uploadStatus).toContainText("Uploaded:");
  }

  queued(name: string): Locator {
    return this.reviewQueue.locator(`[data-testid="skill-row"][data-skill-name="${name}"]`);
  }

  active(name: string): Locator {
    return this.activeSkills.locator(`[data-testid="skill-row"][data-skill-name="${name}"]`);
  }

  /** Selects a skill with the keyboard: focus its row and press Enter. */
  async select(row: Locator): Promise<void> {
    await row.focus();
    await this.page.keyboard.press("Enter");
    await expect(this.detail).toBeVisible();
  }

  async approve(input: { targetName?: string; playbookId?: string }): Promise<void> {
    if (input.targetName) await this.page.getByTestId("approve-target-name").fill(input.targetName);
    if (input.playbookId) await this.page.getByTestId("approve-playbook-id").fill(input.playbookId);
    await this.page.getByTestId("approve-button").press("Enter");
  }

  async reject(input: { reason: string }): Promise<void> {
    await this.page.getByTestId("reject-reason").fill(input.reason);
    await this.page.getByTestId("reject-button").press("Enter");
  }
}
