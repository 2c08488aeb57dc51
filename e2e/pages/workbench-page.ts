import { expect, type Locator, type Page } from "@playwright/test";

/** The shell around every page: skip link, project switcher, section navigation. */
export class WorkbenchPage {
  readonly skipLink: Locator;
  readonly main: Locator;
  readonly projectSelect: Locator;
  readonly newProjectButton: Locator;
  readonly projectNameInput: Locator;
  readonly createProjectSubmit: Locator;
  readonly createProjectError: Locator;
  readonly notYetAvailable: Locator;

  constructor(readonly page: Page) {
    this.skipLink = page.getByTestId("skip-to-content");
    this.main = page.locator("main#main-content");
    this.projectSelect = page.getByTestId("project-select");
    this.newProjectButton = page.getByTestId("new-project-button");
    this.projectNameInput = page.getByTestId("create-project-name");
    this.createProjectSubmit = page.getByTestId("create-project-submit");
    this.createProjectError = page.getByTestId("create-project-error");
    this.notYetAvailable = page.getByTestId("not-yet-available");
  }

  navLink(label: string): Locator {
    return this.page.getByTestId(`nav-link-${label.toLowerCase()}`);
  }

  heading(): Locator {
    return this.page.getByRole("heading", { level: 1 });
  }

  /** Nothing on the page is wider than the window: no sideways scrolling. */
  async horizontalOverflow(): Promise<{ scrollWidth: number; innerWidth: number }> {
    return this.page.evaluate(() => ({
      scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
      innerWidth: window.innerWidth,
    }));
  }

  async goto(path: string): Promise<void> {
    await this.page.goto(path);
    // The switcher is ready once the project list arrived (select or "no projects" state).
    await expect(this.projectSelect).toBeVisible();
  }

  /** Creates a project through the inline form and waits until it is the current one. */
  async createProject(name: string): Promise<string> {
    await this.newProjectButton.click();
    await this.projectNameInput.fill(name);
    await this.createProjectSubmit.click();
    await expect(this.projectSelect.locator("option:checked")).toHaveText(name);
    return this.currentProjectId();
  }

  async currentProjectId(): Promise<string> {
    const id = await this.projectSelect.inputValue();
    expect(id, "a project is selected").not.toBe("");
    return id;
  }

  /** Presses Tab until the element with this test id has focus; fails after `limit` presses. */
  async tabTo(testId: string, limit = 25): Promise<void> {
    for (let press = 0; press < limit; press++) {
      await this.page.keyboard.press("Tab");
      const focused = await this.page.evaluate(
        () => document.activeElement?.getAttribute("data-testid") ?? null,
      );
      if (focused === testId) return;
    }
    throw new Error(`${testId} was not reached within ${limit} Tab presses`);
  }
}
