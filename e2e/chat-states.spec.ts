import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { ChatPage, createBuiltShopProjectViaApi } from "./pages/chat-page";
import { uniqueName } from "./support/api";
import { shopSql } from "./support/fixture-paths";

const sessionsListUrl = "**/api/projects/*/sessions";
// A custom model without an API key: listed, but not configured (missing credentials).
const unconfiguredModel = "e2e-unconfigured";

async function ensureUnconfiguredModel(request: APIRequestContext): Promise<void> {
  const response = await request.post("/api/models", {
    data: {
      name: unconfiguredModel,
      provider: "openai",
      protocol: "openai_chat",
      base_url: "http://127.0.0.1:9/v1",
      remote_model_id: "gpt-e2e",
    },
  });
  // The e2e data directory survives between runs: the model may exist already.
  if (response.status() !== 201) {
    const models = (await (await request.get("/api/models")).json()) as {
      models: { name: string }[];
    };
    expect(models.models.map((model) => model.name)).toContain(unconfiguredModel);
  }
}

test("empty, loading and error states of the chat page", async ({ page, request }, testInfo) => {
  const project = await request.post("/api/projects", {
    data: { name: uniqueName("Chat states") },
  });
  const { project_id: projectId } = (await project.json()) as { project_id: string };
  await ensureUnconfiguredModel(request);

  const chat = new ChatPage(page);
  let failing = true;
  await page.route(sessionsListUrl, async (route) => {
    if (route.request().method() !== "GET") return route.fallback();
    if (!failing) {
      // Slow enough for the loading state to be seen, then the real answer.
      await new Promise((resolve) => setTimeout(resolve, 800));
      return route.fallback();
    }
    return route.fulfill({
      status: 503,
      contentType: "application/json",
      body: JSON.stringify({
        error: { code: "SERVICE_UNAVAILABLE", message: "The database is not reachable." },
      }),
    });
  });
  await chat.open();
  await chat.selectProject(projectId);
  const listError = page.getByTestId("session-list-error");
  await expect(listError).toContainText("The database is not reachable.");
  await expect(listError).toContainText("SERVICE_UNAVAILABLE");
  await expect(chat.noSessionSelected).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("chat-sessions-error.png") });
  failing = false;
  await page.getByTestId("session-list-error-retry").click();
  await expect(page.getByTestId("session-list-loading")).toBeVisible();
  await expect(page.getByTestId("session-list-empty")).toBeVisible();
  await page.unroute(sessionsListUrl);

  // A new conversation is empty and suggests questions; one click puts a question in the box.
  await chat.createSession();
  await expect(chat.conversationEmpty).toBeVisible();
  await chat.exampleQuestions.first().click();
  await expect(chat.messageInput).toBeFocused();
  await expect(chat.messageInput).toHaveValue(/\S/);
  await expect(chat.sendButton).toBeEnabled();

  // No datasets yet: the picker says where to get one.
  await chat.attachButton.click();
  await expect(page.getByTestId("attachment-picker-empty")).toContainText("Datasets page");

  // Unconfigured models are listed but cannot be chosen, and say what they lack.
  await expect(chat.modelSelect).toHaveValue("local-rules");
  const option = chat.modelSelect.locator(`option[value="${unconfiguredModel}"]`);
  await expect(option).toBeDisabled();
  await expect(option).toHaveText(/not configured: missing credentials/);
  await expect(chat.modelUnconfiguredNote).toContainText(
    `${unconfiguredModel} (missing credentials)`,
  );
  await page.screenshot({ path: testInfo.outputPath("chat-empty-session.png"), fullPage: true });

  // A conversation that does not exist says so, with the server's code.
  await chat.open(`?session=${randomUUID()}`);
  const conversationError = page.getByTestId("conversation-error");
  await expect(conversationError).toContainText("does not exist");
  await expect(conversationError).toContainText("NOT_FOUND");
});

test("keyboard only: start a conversation, write two lines, send with Enter", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const { projectId } = await createBuiltShopProjectViaApi(request, {
    projectName: uniqueName("Chat keyboard"),
    shopSqlPath: shopSql,
  });
  const chat = new ChatPage(page);
  await chat.open();
  await chat.selectProject(projectId);
  await page.locator("body").click({ position: { x: 1, y: 1 } });

  await chat.tabTo("new-session-button");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/session=/);
  await expect(chat.messageInput).toBeFocused();

  await page.keyboard.type("Which nodes have the highest PageRank?");
  await page.keyboard.press("Shift+Enter");
  await page.keyboard.type("Show the top ten.");
  await expect(chat.messageInput).toHaveValue(
    "Which nodes have the highest PageRank?\nShow the top ten.",
  );
  await page.keyboard.press("Enter");
  await expect(chat.runs).toHaveCount(1);
  const runId = (await chat.runs.first().getAttribute("data-run-id")) as string;
  await expect(chat.turn(runId).getByTestId("user-message-text")).toHaveText(
    "Which nodes have the highest PageRank?\nShow the top ten.",
  );
  await expect(chat.messageInput).toHaveValue("");
  await chat.expectCompleted(runId);
  // The box takes the keyboard back when the answer is done.
  await expect(chat.messageInput).toBeFocused();

  // Figures lead to their card with Enter.
  const figure = chat
    .figureLinks(runId)
    .and(page.locator('[data-tool-name="node_centrality"]'))
    .first();
  await figure.focus();
  await page.keyboard.press("Enter");
  const toolCallId = (await figure.getAttribute("data-tool-call-id")) as string;
  const card = chat
    .run(runId)
    .locator(`[data-tool-call-id="${toolCallId}"][data-testid="tool-card"]`);
  await expect(card).toBeFocused();
  await expect(card).toHaveAttribute("data-highlighted", "true");
  // Arguments and result open from the keyboard too.
  await card.getByTestId("tool-card-args-toggle").focus();
  await page.keyboard.press("Enter");
  await expect(card.getByTestId("tool-card-args")).toContainText("pagerank");
  await page.screenshot({ path: testInfo.outputPath("chat-keyboard.png") });
});

test("a second tab sending into a busy conversation is told SESSION_BUSY and keeps its message", async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const { projectId } = await createBuiltShopProjectViaApi(request, {
    projectName: uniqueName("Chat busy"),
    shopSqlPath: shopSql,
  });
  const first = new ChatPage(page);
  await first.open();
  await first.selectProject(projectId);
  const sessionId = await first.createSession();

  const secondPage = await context.newPage();
  const second = new ChatPage(secondPage);
  await second.open(`?session=${sessionId}`);
  await expect(second.projectSelect).toHaveValue(projectId);
  await expect(second.messageBox).toHaveAttribute("data-can-send", "true");
  await second.messageInput.fill("How many communities are there?");

  // A run that waits at an approval keeps the session busy for as long as the test needs: a
  // quick analysis could end before the second tab's send arrives (it did once in CI).
  const runId = await first.ask("Clear the graph");
  const card = await first.expectPausedForApproval(runId, "clear_graph");
  // The second tab still believes it may send: the server refuses, the page says why.
  await second.messageInput.press("Enter");
  await expect(second.sendErrorCode).toHaveText("SESSION_BUSY");
  await expect(second.sendError).toContainText("still working");
  await expect(second.messageInput).toHaveValue("How many communities are there?");
  // It now follows the other tab's run instead, and waits for it.
  await expect(second.run(runId)).toBeVisible();
  await secondPage.screenshot({ path: testInfo.outputPath("chat-session-busy.png") });
  await card.getByTestId("approval-approve").click();
  await second.expectCompleted(runId);
  await expect(second.messageInput).toHaveValue("How many communities are there?");
  await first.expectCompleted(runId);
  await expect(second.runs).toHaveCount(1);
});
