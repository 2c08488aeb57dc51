import { expect, type Page, test } from "@playwright/test";
import { openKarateConversation } from "./pages/chat-page";
import { GraphPage } from "./pages/graph-page";
import { watchConsoleErrors } from "./support/console-errors";

const question = "visualise the 2-hop neighbourhood of n0";

/** Pixels of each legend colour in the picture's canvas, from a screenshot of it. */
async function drawnCommunities(
  page: Page,
  picture: ReturnType<Page["getByTestId"]>,
  file: string,
) {
  const canvas = picture.getByTestId("graph-canvas");
  await expect(canvas).toHaveAttribute("data-rendered", "true", { timeout: 30_000 });
  const colours = await picture
    .getByTestId("graph-picture-legend-item")
    .evaluateAll((items) => items.map((item) => item.getAttribute("data-color") ?? ""));
  expect(colours.length, "the view has a community legend").toBeGreaterThanOrEqual(2);
  // The message box sticks to the bottom of the window: put the drawing above it.
  await canvas.evaluate((element) => element.scrollIntoView({ block: "start" }));
  await page.mouse.move(0, 0);
  const screenshot = await canvas.screenshot({ path: file });
  const counts = await new GraphPage(page).countColouredPixels({ screenshot, colors: colours });
  return { colours, counts, drawn: colours.filter((colour) => counts[colour].pixels >= 30) };
}

test("a visualize_subgraph result is drawn with WebGL in the chat, and again after a refresh", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const errors = watchConsoleErrors(page);
  const { chat } = await openKarateConversation(page, request, "Chat picture");
  await chat.attach("karate");
  const runId = await chat.ask(question);
  await chat.expectCompleted(runId, 90_000);

  const card = chat.toolCard(runId, "visualize_subgraph");
  await expect(card).toHaveAttribute("data-status", "succeeded");
  const picture = card.getByTestId("graph-picture");
  await expect(picture).toBeVisible({ timeout: 30_000 });
  const nodeCount = Number(await picture.getAttribute("data-node-count"));
  expect(nodeCount).toBeGreaterThan(1);
  await expect(picture.getByTestId("graph-canvas")).toHaveAttribute(
    "data-node-count",
    String(nodeCount),
  );
  const canvasKind = await picture
    .locator("canvas.sigma-nodes")
    .evaluate((element) =>
      (element as HTMLCanvasElement).getContext("webgl2")
        ? "webgl2"
        : (element as HTMLCanvasElement).getContext("webgl")
          ? "webgl"
          : null,
    );
  expect(canvasKind, "the picture is sigma's WebGL drawing").toMatch(/^webgl2?$/);

  const first = await drawnCommunities(page, picture, testInfo.outputPath("picture.png"));
  testInfo.annotations.push({
    type: "pixels per colour",
    description: JSON.stringify(first.counts),
  });
  expect(first.drawn.length, JSON.stringify(first.counts)).toBeGreaterThanOrEqual(2);
  await page.screenshot({ path: testInfo.outputPath("chat-picture.png"), fullPage: true });

  // Beside the answer: a jump to the picture.
  const jump = chat.answer(runId).locator('[data-testid="run-artifact-jump"][data-kind="picture"]');
  await expect(jump).toBeVisible();

  // Keyboard: every node is a button; choosing one shows its details.
  const nodeButton = picture.locator('[data-testid="graph-picture-node"][data-node-id="n0"]');
  await nodeButton.focus();
  await page.keyboard.press("Enter");
  await expect(nodeButton).toHaveAttribute("aria-pressed", "true");
  const details = picture.getByTestId("graph-picture-node-details");
  await expect(details).toHaveAttribute("data-node-id", "n0");
  await expect(details.getByTestId("graph-picture-node-community")).toHaveText(/\d/);

  // The stored layout draws the same picture after a refresh (replayed from the run record).
  await page.reload();
  const again = chat.toolCard(runId, "visualize_subgraph").getByTestId("graph-picture");
  await expect(again).toBeVisible({ timeout: 30_000 });
  await expect(again).toHaveAttribute("data-node-count", String(nodeCount));
  const second = await drawnCommunities(page, again, testInfo.outputPath("picture-refreshed.png"));
  expect(second.drawn.length, JSON.stringify(second.counts)).toBeGreaterThanOrEqual(2);
  await page.screenshot({
    path: testInfo.outputPath("chat-picture-refreshed.png"),
    fullPage: true,
  });

  // "Open in Graph page" keeps the chosen node.
  await again.locator('[data-testid="graph-picture-node"][data-node-id="n0"]').click();
  const open = again.getByTestId("graph-picture-open-graph-page");
  await expect(open).toHaveAttribute("href", /[?&]node=n0(&|$)/);
  await open.click();
  const graph = new GraphPage(page);
  await expect(graph.heading()).toHaveText("Graph");
  await expect(graph.nodeProperties).toHaveAttribute("data-node-id", "n0", { timeout: 30_000 });
  await expect(graph.nodeSearch).toHaveValue("n0");
  await graph.expectDrawn();
  await page.screenshot({ path: testInfo.outputPath("graph-page-from-chat.png"), fullPage: true });
  expect(errors).toEqual([]);
});
