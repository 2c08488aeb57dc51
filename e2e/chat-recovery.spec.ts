import { expect, test } from "@playwright/test";
import { ChatPage, createBuiltShopProjectViaApi } from "./pages/chat-page";
import { uniqueName } from "./support/api";
import { shopSql } from "./support/fixture-paths";

const question = "Which nodes have the highest PageRank?";
const eventsUrl = "**/api/runs/*/events?*";

type RunJson = {
  tool_calls: { tool_call_id: string }[];
  messages: { role: string; parts: { type: string; text?: string }[] }[];
};

async function savedRun(request: import("@playwright/test").APIRequestContext, runId: string) {
  const response = await request.get(`/api/runs/${runId}`);
  expect(response.status()).toBe(200);
  const run = (await response.json()) as RunJson;
  const answer = run.messages
    .filter((message) => message.role === "assistant")
    .flatMap((message) => message.parts)
    .map((part) => part.text ?? "")
    .join("");
  return { toolCallCount: run.tool_calls.length, answer };
}

test.describe("following a run when the event stream breaks", () => {
  let projectId: string;

  test.beforeAll(async ({ request }) => {
    ({ projectId } = await createBuiltShopProjectViaApi(request, {
      projectName: uniqueName("Chat recovery"),
      shopSqlPath: shopSql,
    }));
  });

  test("a stream cut mid-run is resumed from the last seq, without gaps or repeats", async ({
    page,
    request,
  }, testInfo) => {
    const urls: string[] = [];
    let lastDeliveredSeq = -1;
    await page.route(eventsUrl, async (route) => {
      urls.push(route.request().url());
      if (!route.request().url().includes("after_seq=-1")) return route.fallback();
      // A read from the start delivers three events, then the body ends as a dropped
      // connection would; the resumed read (from the last seq) goes through untouched.
      const response = await route.fetch();
      const blocks = (await response.text()).split("\n\n").filter((block) => block.trim());
      const kept = blocks.slice(0, 3);
      lastDeliveredSeq = Number(/^id: (\d+)$/m.exec(kept.at(-1) ?? "")?.[1] ?? -1);
      await route.fulfill({
        status: 200,
        headers: { "content-type": "text/event-stream" },
        body: `${kept.join("\n\n")}\n\n`,
      });
    });

    const chat = new ChatPage(page);
    await chat.open();
    await chat.selectProject(projectId);
    await chat.createSession();
    const runId = await chat.ask(question);
    await chat.expectCompleted(runId);

    expect(lastDeliveredSeq).toBe(2);
    expect(urls[0]).toContain("after_seq=-1");
    expect(urls.at(-1)).toContain(`after_seq=${lastDeliveredSeq}`);
    expect(urls.filter((url) => !url.includes("after_seq=-1"))).toHaveLength(1);
    const saved = await savedRun(request, runId);
    await expect(chat.toolCards(runId)).toHaveCount(saved.toolCallCount);
    // Every text delta applied exactly once: the answer is the saved one, not doubled.
    const shown = ((await chat.answer(runId).textContent()) ?? "").replace(/\s+/g, "");
    const firstLine = saved.answer.split("\n")[0].replace(/[*_]/g, "").replace(/\s+/g, "");
    expect(shown.startsWith(firstLine)).toBe(true);
    expect(shown.split(firstLine).length - 1).toBe(1);
    await expect(chat.figureLinks(runId).first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("chat-resumed-stream.png"), fullPage: true });
  });

  // The server answers 410 only for a cursor no event of the run ever had (events are persisted
  // for the run's whole life); whatever the cause, the client rebuilds from the snapshot.
  test("REPLAY_UNAVAILABLE (410) rebuilds the run from its snapshot", async ({
    page,
    request,
  }, testInfo) => {
    await page.route(eventsUrl, (route) =>
      route.fulfill({
        status: 410,
        contentType: "application/json",
        body: JSON.stringify({
          error: {
            code: "REPLAY_UNAVAILABLE",
            message: "These events are no longer available; load the run snapshot instead.",
            details: {},
          },
        }),
      }),
    );
    const chat = new ChatPage(page);
    await chat.open();
    await chat.selectProject(projectId);
    await chat.createSession();
    const runId = await chat.ask(question);
    await chat.expectCompleted(runId);
    const saved = await savedRun(request, runId);
    await expect(chat.toolCards(runId)).toHaveCount(saved.toolCallCount);
    await expect(chat.toolCard(runId, "node_centrality").first()).toHaveAttribute(
      "data-status",
      "succeeded",
    );
    await expect(chat.answer(runId)).toContainText("PageRank");
    await expect(chat.figureLinks(runId).first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("chat-replay-unavailable.png") });
  });

  test("an in-stream replay_unavailable event also falls back to the snapshot", async ({
    page,
  }) => {
    await page.route(eventsUrl, (route) =>
      route.fulfill({
        status: 200,
        headers: { "content-type": "text/event-stream" },
        body: 'event: replay_unavailable\ndata: {"seq":0}\n\n',
      }),
    );
    const chat = new ChatPage(page);
    await chat.open();
    await chat.selectProject(projectId);
    await chat.createSession();
    const runId = await chat.ask(question);
    await chat.expectCompleted(runId);
    await expect(chat.toolCard(runId, "node_centrality").first()).toBeVisible();
    await expect(chat.answer(runId)).toContainText("PageRank");
  });
});
