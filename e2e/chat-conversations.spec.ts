import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { openKarateConversation } from "./pages/chat-page";
import { MemoryPage } from "./pages/memory-page";
import { watchConsoleErrors } from "./support/console-errors";
import { karateEdgesCsv } from "./support/fixture-paths";

test("a conversation takes its title from the first question, names its dataset, and can be renamed, found and deleted", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const errors = watchConsoleErrors(page);
  const { chat, sessionId, projectId } = await openKarateConversation(
    page,
    request,
    "Conversations",
  );
  const row = chat.sessionRow(sessionId);
  await expect(row.getByTestId("session-title")).toHaveText("New analysis");
  await expect(row.getByTestId("session-dataset")).toHaveText("No dataset yet");

  await chat.attach("karate");
  const question = "Which nodes have the highest PageRank in this graph?";
  const runId = await chat.ask(question);
  await chat.expectCompleted(runId);
  // The first question names the conversation; the dataset it asked about stands beside it.
  await expect(row.getByTestId("session-title")).toHaveText(question);
  await expect(row.getByTestId("session-dataset")).toContainText("karate");
  await expect(chat.conversationTitle).toHaveText(question);
  await expect(chat.conversationDataset).toContainText("karate");

  // A second conversation, still untitled and without a dataset.
  const otherId = await chat.createSession();
  await expect(chat.sessionRow(otherId).getByTestId("session-title")).toHaveText("New analysis");
  await expect(chat.conversationDataset).toContainText("No dataset yet");

  // Escape leaves the title as it was; Enter saves the new one, and a reload keeps it.
  await row.getByTestId("session-rename").click();
  await row.getByTestId("session-rename-input").fill("Never saved");
  await row.getByTestId("session-rename-input").press("Escape");
  await expect(row.getByTestId("session-title")).toHaveText(question);
  await expect(row.getByTestId("session-rename")).toBeFocused();
  await chat.renameSession(sessionId, "Ranking check");
  await page.reload();
  await expect(chat.sessionRow(sessionId).getByTestId("session-title")).toHaveText("Ranking check");
  await page.screenshot({ path: testInfo.outputPath("conversations-list.png") });

  // The search finds a conversation by its title or by its dataset's name.
  await chat.sessionSearch.fill("ranking");
  await expect(chat.sessionItems).toHaveCount(1);
  await expect(chat.sessionRow(sessionId)).toBeVisible();
  await chat.sessionSearch.fill("karate");
  await expect(chat.sessionItems).toHaveCount(1);
  await expect(chat.sessionRow(sessionId)).toBeVisible();
  await chat.sessionSearch.fill("no such conversation");
  await expect(chat.sessionItems).toHaveCount(0);
  await expect(page.getByTestId("session-search-empty")).toBeVisible();
  await chat.sessionSearch.fill("");
  await expect(chat.sessionItems).toHaveCount(2);

  // Delete asks first; the conversation goes, the project's dataset stays.
  await chat.sessionRow(sessionId).getByTestId("session-delete").click();
  await chat.sessionRow(sessionId).getByTestId("session-delete-cancel").click();
  await expect(chat.sessionRow(sessionId).getByTestId("session-title")).toBeVisible();
  await chat.deleteSession(sessionId);
  await page.reload();
  await expect(chat.sessionItems).toHaveCount(1);
  await expect(chat.sessionRow(sessionId)).toHaveCount(0);
  expect((await request.get(`/api/sessions/${sessionId}`)).status()).toBe(404);
  const datasets = await request.get(`/api/projects/${projectId}/datasets`);
  expect(
    ((await datasets.json()) as { datasets: { name: string }[] }).datasets.map((d) => d.name),
  ).toContain("karate");
  expect(errors).toEqual([]);
});

test("a reopened conversation opens at its latest turn", async ({ page, request }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 700 });
  const { chat, sessionId } = await openKarateConversation(page, request, "Reopen latest");
  await chat.attach("karate");
  const questions = [
    "Describe the loaded graph: node and edge types and counts.",
    "Which nodes have the highest PageRank?",
    "How many communities does the graph have, and how large are they?",
    "Which nodes have the highest betweenness centrality?",
  ];
  const runs: string[] = [];
  for (const question of questions) {
    const runId = await chat.ask(question);
    await chat.expectCompleted(runId);
    runs.push(runId);
  }
  const last = runs.at(-1) as string;

  await chat.open(`?session=${sessionId}`);
  await expect(chat.runs).toHaveCount(questions.length);
  await expect(chat.answer(last)).toBeVisible();
  // The page is taller than the window: it opens at the end, where the last answer is.
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(700);
  await expect(chat.answer(last)).toBeInViewport();
  await expect(chat.turn(runs[0])).not.toBeInViewport();
});

test("the Files panel lists only this conversation's files, in plain words", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const { chat, projectId } = await openKarateConversation(page, request, "Files of one");
  // Another upload of the same project, never used in this conversation.
  const other = await request.post(`/api/projects/${projectId}/datasets`, {
    multipart: {
      file: { name: "elsewhere.csv", mimeType: "text/csv", buffer: await readFile(karateEdgesCsv) },
      name: "elsewhere",
    },
  });
  expect(other.status()).toBe(201);
  const toggle = page.getByTestId("session-files-toggle");
  await toggle.click();
  const panel = page.getByTestId("session-files-panel");
  // Nothing attached yet: no file of the project is this conversation's.
  await expect(page.getByTestId("session-files-Uploaded-empty")).toBeVisible();
  await expect(panel).not.toContainText(/workspace_|_file\b|publish/i);

  await chat.attach("karate");
  const asked = await chat.ask("How many nodes does the graph have?");
  await chat.expectCompleted(asked);
  await page.getByTestId("session-files-refresh").click();
  const uploads = page.locator('[data-testid="session-file"][data-area="Uploaded"]');
  await expect(uploads).toHaveCount(1);
  await expect(uploads).toHaveAttribute("data-name", "karate_edges.csv");
  await expect(panel).not.toContainText("elsewhere");
  await expect(panel).not.toContainText(/workspace_|_file\b|publish/i);
});

test("the memory manager shows each knowledge proposal once", async ({ page, request }) => {
  test.setTimeout(150_000);
  const { chat } = await openKarateConversation(page, request, "Proposals once");
  await chat.attach("karate");
  const runId = await chat.ask("show the top 3 nodes by degree");
  await chat.expectCompleted(runId);
  // The answered question left a proposal (an equal one proposed earlier is not proposed again,
  // so this may be one of an earlier run of the suite).
  let proposalId = "";
  await expect
    .poll(async () => {
      const response = await request.get("/api/knowledge/proposals");
      const body = (await response.json()) as { proposals: { knowledge_id: string }[] };
      proposalId = body.proposals[0]?.knowledge_id ?? "";
      return proposalId;
    })
    .not.toBe("");

  const memory = new MemoryPage(page);
  await memory.open();
  await memory.tab("knowledge").click();
  const proposal = page.locator(
    `[data-testid="knowledge-proposal"][data-knowledge-id="${proposalId}"]`,
  );
  await expect(proposal).toHaveCount(1);
  await expect(memory.record(proposalId)).toHaveCount(0);
});

test("on a phone the message box stays compact and the page never scrolls sideways; examples fit any graph", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const { chat } = await openKarateConversation(page, request, "Phone");
  // The suggestions are asked before a dataset is chosen: no domain words (a karate club has no
  // customers).
  await expect(chat.exampleQuestions.first()).toBeVisible();
  for (const text of await chat.exampleQuestions.allTextContents()) {
    expect(text).not.toMatch(/customer/i);
  }
  const box = await chat.messageBox.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.height ?? 0) / 844).toBeLessThanOrEqual(0.25);
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath("phone-composer.png") });

  // The run options are one tap away, and still there.
  await expect(chat.modelSelect).toBeHidden();
  await page.getByTestId("message-options-toggle").click();
  await expect(chat.modelSelect).toBeVisible();
  await expect(chat.modelSelect).toHaveValue("local-rules");

  // Attached, the karate club still gets graph questions: its edge list names no node types.
  await chat.attach("karate");
  await expect(chat.exampleQuestions.first()).toBeVisible();
  for (const text of await chat.exampleQuestions.allTextContents()) {
    expect(text).not.toMatch(/customer/i);
  }
  // After a question and its answer the page still fits the width.
  const runId = await chat.ask("Which nodes have the highest PageRank?");
  await chat.expectCompleted(runId);
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath("phone-answer.png"), fullPage: true });
});
