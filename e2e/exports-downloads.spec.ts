import { readFile } from "node:fs/promises";
import { type Download, expect, type Page, test } from "@playwright/test";
import { openKarateConversation } from "./pages/chat-page";
import { GraphPage } from "./pages/graph-page";
import { uniqueName } from "./support/api";
import { createBuiltProjectViaApi } from "./support/built-project";
import { watchConsoleErrors } from "./support/console-errors";
import { karateEdgesCsv } from "./support/fixture-paths";

/** Clicks what starts a download and answers the downloaded file's name and bytes. */
async function download(page: Page, click: () => Promise<void>) {
  const started = page.waitForEvent("download");
  await click();
  const file: Download = await started;
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: await readFile(path) };
}

test("the Graph page downloads the revision as GraphML and the picture as SVG and PNG", async ({
  page,
  request,
}) => {
  const consoleErrors = watchConsoleErrors(page);
  const { projectId } = await createBuiltProjectViaApi(request, {
    projectName: uniqueName("Export graph"),
    file: {
      name: "karate_edges.csv",
      mimeType: "text/csv",
      buffer: await readFile(karateEdgesCsv),
    },
  });
  const graph = new GraphPage(page);
  await graph.open();
  await graph.projectSelect.selectOption(projectId);
  await graph.selectDataset("karate_edges");

  const graphml = await download(page, () =>
    page.getByRole("link", { name: "Download revision 1 as GraphML" }).click(),
  );
  expect(graphml.name).toBe("karate_edges-r1.graphml");
  const xml = graphml.bytes.toString("utf8");
  expect(xml.match(/<node /g)).toHaveLength(34);
  expect(xml.match(/<edge /g)).toHaveLength(78);
  expect(xml).toContain('edgedefault="undirected"');

  const csv = await download(page, () =>
    page.getByRole("link", { name: "Download revision 1 as CSV (zip)" }).click(),
  );
  expect(csv.name).toBe("karate_edges-r1.zip");
  expect(csv.bytes.subarray(0, 2).toString("latin1")).toBe("PK");

  await expect(page.getByTestId("graph-picture-downloads")).toBeVisible({ timeout: 30_000 });
  const svg = await download(page, () => page.getByRole("button", { name: /as SVG$/ }).click());
  expect(svg.name).toMatch(/\.svg$/);
  expect(svg.bytes.toString("utf8").match(/<circle /g)).toHaveLength(34);
  const png = await download(page, () => page.getByRole("button", { name: /as PNG$/ }).click());
  expect(png.name).toMatch(/\.png$/);
  expect(png.bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  expect(png.bytes.byteLength).toBeGreaterThan(5_000);
  expect(consoleErrors).toEqual([]);
});

test("a result table in the chat downloads as CSV with every row", async ({ page, request }) => {
  test.setTimeout(180_000);
  const { chat } = await openKarateConversation(page, request, "Export table");
  await chat.attach("karate");
  const runId = await chat.ask("show the top 12 nodes by degree");
  await chat.expectCompleted(runId);
  // The answer shows the ranking; the tool's own table opens from its card.
  await chat.toolCards(runId).getByTestId("tool-result-table-toggle").first().click();
  const table = chat.toolCards(runId).getByTestId("tool-result-table").first();
  await expect(table).toBeVisible();
  const csv = await download(page, () =>
    table.getByRole("button", { name: /Download the ranking table as CSV/ }).click(),
  );
  expect(csv.name).toMatch(/ranking\.csv$/);
  const lines = csv.bytes
    .toString("utf8")
    .replace(/^\ufeff/, "")
    .trimEnd()
    .split("\r\n");
  // Twelve rows although ten are shown: the download holds the whole result.
  expect(lines).toHaveLength(13);
  expect(lines[0].split(",").slice(0, 2)).toEqual(["rank", "id"]);
  expect(lines[1].split(",").slice(0, 2)).toEqual(["1", "n33"]);
  expect(lines[1].split(",").at(-1)).toBe("17");
});
