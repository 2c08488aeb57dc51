import { expect, test } from "@playwright/test";
import { ChatPage, readRunEventsViaApi } from "./pages/chat-page";
import { DatasetsPage } from "./pages/datasets-page";
import { DatasetBuildRow } from "./pages/graph-page";
import { uniqueName } from "./support/api";
import { shopSql } from "./support/fixture-paths";

const question = "find the key customers that connect several communities";

type CentralityEntry = { id: string; label?: string; type?: string; score: number };
type RunSnapshotJson = {
  run_status: string;
  can_send: boolean;
  tool_calls: {
    tool_call_id: string;
    tool_name: string;
    status: string;
    result: { data?: { top?: CentralityEntry[] } } | null;
  }[];
};

/** Reads a value at a path such as `top[4].score` from a result's data. */
function valueAt(data: unknown, path: string): unknown {
  return path
    .replace(/\[(\d+)\]/g, ".$1")
    .split(".")
    .filter(Boolean)
    .reduce<unknown>(
      (value, key) =>
        value !== null && typeof value === "object"
          ? (value as Record<string, unknown>)[key]
          : undefined,
      data,
    );
}

/** True when `written` is `value` as an answer writes it (same number at its own precision). */
function sameFigure(written: string, value: number): boolean {
  const figure = Number(written.replace(/,/g, ""));
  if (figure === value) return true;
  const decimals = written.split(".")[1]?.length ?? 0;
  return decimals > 0 && Number(value.toFixed(decimals)) === figure;
}

test("SS-5: key customers across communities, answered from the saved graph with parallel centrality and communities", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);

  // Upload and build shop.sql on the Datasets page.
  const datasets = new DatasetsPage(page);
  await datasets.open();
  const projectId = await datasets.createProject(uniqueName("SS-5 shop"));
  await datasets.chooseFiles([shopSql]);
  await datasets.expectUploadSucceeded("shop.sql");
  const shop = new DatasetBuildRow(datasets, "shop.sql");
  await shop.build();
  await shop.expectReady(1);

  // Open Chat in the same project and start a conversation.
  const chat = new ChatPage(page);
  await datasets.navLink("Chat").click();
  await expect(chat.heading()).toHaveText("Chat");
  await expect(chat.projectSelect).toHaveValue(projectId);
  await expect(chat.sessionList.getByTestId("session-list-empty")).toBeVisible();
  const sessionId = await chat.createSession();
  await expect(chat.conversationEmpty).toBeVisible();
  await expect(chat.exampleQuestions.first()).toBeVisible();
  // The box is ready for typing straight away.
  await expect(chat.messageInput).toBeFocused();
  await expect(chat.messageBox).toHaveAttribute("data-can-send", "true");

  // The default model is preselected; the attachment picker shows the built revision.
  await expect(chat.modelSelect).toHaveValue("local-rules");
  await chat.attachButton.click();
  await expect(chat.attachmentOption("shop").getByTestId("construction-status")).toHaveText(
    "Ready · revision 1",
  );
  await chat.attach("shop");
  await page.screenshot({ path: testInfo.outputPath("chat-before-send.png"), fullPage: true });

  const runId = await chat.ask(question);
  const turn = chat.turn(runId);
  await expect(turn.getByTestId("user-message-text")).toHaveText(question);
  await expect(turn.getByTestId("attachment-chip")).toHaveText(/shop/);
  // While the run works the box says why it cannot send.
  // (The run may already be over on a fast machine; then the box is usable again.)
  // Read in one DOM snapshot: the run can end between two separate reads.
  const box = await chat.messageBox.evaluate((element) => ({
    canSend: element.getAttribute("data-can-send"),
    inputDisabled: element.querySelector("textarea")?.disabled ?? null,
    reason: element.textContent ?? "",
  }));
  if (box.canSend === "false") {
    expect(box.inputDisabled).toBe(true);
    expect(box.reason).toContain("still answering");
  }

  // Tool cards: the saved construction is loaded, not rebuilt; centrality and communities run.
  for (const toolName of ["load_constructed_graph", "node_centrality", "community_detection"]) {
    await expect(chat.toolCard(runId, toolName).first()).toBeVisible();
  }
  await chat.expectCompleted(runId);
  await expect(chat.toolCard(runId, "construct_graph")).toHaveCount(0);
  for (const toolName of ["load_constructed_graph", "node_centrality", "community_detection"]) {
    const card = chat.toolCard(runId, toolName).first();
    await expect(card).toHaveAttribute("data-status", "succeeded");
    await expect(card.getByTestId("tool-card-duration")).toBeVisible();
    await expect(card.getByTestId("tool-card-summary")).not.toBeEmpty();
  }
  await page.screenshot({ path: testInfo.outputPath("chat-ss5-answer.png"), fullPage: true });

  // The cards are in call order: the load first, then the analysis.
  const cardNames = await chat
    .toolCards(runId)
    .evaluateAll((cards) => cards.map((card) => card.getAttribute("data-tool-name")));
  expect(cardNames[0]).toBe("load_constructed_graph");
  expect(cardNames.indexOf("node_centrality")).toBeGreaterThan(0);

  // Parallel (DAG): both tool_started events precede either tool_completed.
  const events = await readRunEventsViaApi(request, runId);
  expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index));
  const seqOf = (type: string, toolName: string) =>
    events.find((event) => event.type === type && event.data.tool_name === toolName)?.seq ?? -1;
  const started = ["node_centrality", "community_detection"].map((name) =>
    seqOf("tool_started", name),
  );
  const completed = ["node_centrality", "community_detection"].map((name) =>
    seqOf("tool_completed", name),
  );
  expect(Math.min(...started)).toBeGreaterThanOrEqual(0);
  expect(Math.max(...started)).toBeLessThan(Math.min(...completed));
  expect(events.some((event) => event.data.tool_name === "construct_graph")).toBe(false);
  expect(events.at(-1)?.type).toBe("run_completed");

  // The answer names customers from the centrality result.
  const snapshotResponse = await request.get(`/api/runs/${runId}`);
  expect(snapshotResponse.status()).toBe(200);
  const snapshot = (await snapshotResponse.json()) as RunSnapshotJson;
  expect(snapshot.run_status).toBe("completed");
  expect(snapshot.can_send).toBe(true);
  const centrality = snapshot.tool_calls.find((call) => call.tool_name === "node_centrality");
  const top = centrality?.result?.data?.top ?? [];
  const customers = top.filter((entry) => entry.type === "customers");
  expect(customers.length).toBeGreaterThan(0);
  const answerText = ((await chat.answer(runId).textContent()) ?? "").trim();
  const named = customers.filter((entry) => answerText.includes(entry.label ?? entry.id));
  expect(named.length, "the answer names at least one customer").toBeGreaterThan(0);

  // A figure in the answer links to the centrality card and equals a score in its result.
  const centralityCard = chat.toolCard(runId, "node_centrality").first();
  const centralityCallId = await centralityCard.getAttribute("data-tool-call-id");
  const scoreLinks = chat
    .figureLinks(runId)
    .and(page.locator(`[data-tool-call-id="${centralityCallId}"][data-path$=".score"]`));
  await expect(scoreLinks.first()).toBeVisible();
  const link = scoreLinks.first();
  const written = ((await link.textContent()) ?? "").trim();
  const path = (await link.getAttribute("data-path")) as string;
  const score = valueAt(centrality?.result?.data, path);
  expect(typeof score).toBe("number");
  expect(sameFigure(written, score as number), `${written} is ${path} = ${score}`).toBe(true);
  expect(top.some((entry) => entry.score === score)).toBe(true);

  // Following the link (keyboard) highlights the card it came from.
  await link.focus();
  await page.keyboard.press("Enter");
  await expect(centralityCard).toHaveAttribute("data-highlighted", "true");
  await expect(centralityCard).toBeFocused();
  await expect(centralityCard).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath("chat-figure-link.png") });

  // A reload shows the same conversation from the saved run.
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`session=${sessionId}`));
  await expect(chat.toolCards(runId)).toHaveCount(cardNames.length);
  await expect(chat.figureLinks(runId).first()).toBeVisible();
  await expect(chat.messageInput).toBeEnabled();
});
