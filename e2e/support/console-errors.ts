import type { Page } from "@playwright/test";

/**
 * Collects the page's console errors and uncaught exceptions from now on (UI-5: no console
 * errors). `expected` lists messages a spec provokes on purpose (a deliberate 404 fetch).
 */
export function watchConsoleErrors(page: Page, expected: RegExp[] = []): string[] {
  const errors: string[] = [];
  const keep = (text: string) => {
    if (!expected.some((pattern) => pattern.test(text))) errors.push(text);
  };
  page.on("console", (message) => {
    if (message.type() === "error") keep(message.text());
  });
  page.on("pageerror", (error) => keep(`${error.name}: ${error.message}`));
  return errors;
}
