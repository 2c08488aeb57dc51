import { expect, test } from "@playwright/test";
import { openKarateConversation } from "./pages/chat-page";
import { GraphPage } from "./pages/graph-page";

type CommunityData = {
  communities: { community: number; size: number; members: string[]; members_truncated: boolean }[];
};

/** The community_detection result of a run, as its table shows it. */
async function communityTable(
  request: import("@playwright/test").APIRequestContext,
  runId: string,
): Promise<Map<string, number>> {
  const response = await request.get(`/api/runs/${runId}`);
  expect(response.status()).toBe(200);
  const run = (await response.json()) as {
    tool_calls: { tool_name: string; result?: { data?: CommunityData } }[];
  };
  const call = run.tool_calls.find((item) => item.tool_name === "community_detection");
  const data = call?.result?.data;
  expect(data, "the run found communities").toBeTruthy();
  const communityOf = new Map<string, number>();
  for (const item of data?.communities ?? []) {
    expect(item.members_truncated).toBe(false);
    for (const member of item.members) communityOf.set(member, item.community);
  }
  return communityOf;
}

test("a community has one number in the answer's table, the chat picture and the Graph page", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { chat } = await openKarateConversation(page, request, "Community numbers");
  await chat.attach("karate");
  const found = await chat.ask("Find the communities");
  await chat.expectCompleted(found, 90_000);
  const table = await communityTable(request, found);
  expect(table.size).toBe(34);

  // A picture of part of the graph, drawn after the table, keeps the table's numbers.
  const drawn = await chat.ask("visualise the 2-hop neighbourhood of n0");
  await chat.expectCompleted(drawn, 90_000);
  const picture = chat.toolCard(drawn, "visualize_subgraph").getByTestId("graph-picture");
  await expect(picture).toBeVisible({ timeout: 30_000 });
  for (const id of ["n0", "n33", "n8"]) {
    const button = picture.locator(`[data-testid="graph-picture-node"][data-node-id="${id}"]`);
    await button.focus();
    await page.keyboard.press("Enter");
    const details = picture.getByTestId("graph-picture-node-details");
    await expect(details).toHaveAttribute("data-node-id", id);
    await expect(details.getByTestId("graph-picture-node-community")).toHaveText(
      String(table.get(id)),
    );
  }
  const pictureLegend = await picture
    .getByTestId("graph-picture-legend-item")
    .evaluateAll((items) => items.map((item) => Number(item.getAttribute("data-community"))));
  for (const id of pictureLegend) expect([...table.values()]).toContain(id);

  // The Graph page colours the same revision by the same communities, under the same numbers.
  const sizes = new Map<number, number>();
  for (const id of table.values()) sizes.set(id, (sizes.get(id) ?? 0) + 1);
  const graph = new GraphPage(page);
  await graph.open();
  await graph.selectDataset("karate");
  await expect(graph.legend).toHaveAttribute("data-color-by", "community");
  await expect.poll(() => graph.legendItems.count()).toBe(sizes.size);
  const legend = await graph.legendEntries();
  expect(new Map(legend.map((entry) => [entry.community, entry.nodeCount]))).toEqual(sizes);
});
