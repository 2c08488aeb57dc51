import { readFile } from "node:fs/promises";
import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { uniqueName } from "../support/api";
import { createBuiltProjectViaApi } from "../support/built-project";
import { karateEdgesCsv } from "../support/fixture-paths";
import { uploadNodeTableDatasetViaApi } from "../support/node-table-dataset";
import { WorkbenchPage } from "./workbench-page";

/** The Chat page: conversations, the message box with its pickers, runs with tool cards. */
export class ChatPage extends WorkbenchPage {
  readonly sessionList: Locator;
  readonly sessionItems: Locator;
  readonly newSessionButton: Locator;
  readonly noSessionSelected: Locator;
  readonly conversation: Locator;
  readonly conversationEmpty: Locator;
  readonly exampleQuestions: Locator;
  readonly messageBox: Locator;
  readonly messageInput: Locator;
  readonly sendButton: Locator;
  readonly sendDisabledReason: Locator;
  readonly sendError: Locator;
  readonly sendErrorCode: Locator;
  readonly attachButton: Locator;
  readonly attachmentPicker: Locator;
  readonly selectedAttachments: Locator;
  readonly modelSelect: Locator;
  readonly modelUnconfiguredNote: Locator;
  readonly reasoningSelect: Locator;
  readonly planningSelect: Locator;
  readonly outputFormatSelect: Locator;
  readonly turns: Locator;
  readonly runs: Locator;

  constructor(page: Page) {
    super(page);
    this.sessionList = page.getByTestId("session-list");
    this.sessionItems = page.getByTestId("session-item");
    this.newSessionButton = page.getByTestId("new-session-button");
    this.noSessionSelected = page.getByTestId("no-session-selected");
    this.conversation = page.getByTestId("conversation");
    this.conversationEmpty = page.getByTestId("conversation-empty");
    this.exampleQuestions = page.getByTestId("example-question");
    this.messageBox = page.getByTestId("message-box");
    this.messageInput = page.getByTestId("message-input");
    this.sendButton = page.getByTestId("send-button");
    this.sendDisabledReason = page.getByTestId("send-disabled-reason");
    this.sendError = page.getByTestId("send-error");
    this.sendErrorCode = page.getByTestId("send-error-code");
    this.attachButton = page.getByTestId("attach-button");
    this.attachmentPicker = page.getByTestId("attachment-picker");
    this.selectedAttachments = page.getByTestId("selected-attachment");
    this.modelSelect = page.getByTestId("model-select");
    this.modelUnconfiguredNote = page.getByTestId("model-unconfigured-note");
    this.reasoningSelect = page.getByTestId("reasoning-select");
    this.planningSelect = page.getByTestId("planning-select");
    this.outputFormatSelect = page.getByTestId("output-format-select");
    this.turns = page.getByTestId("chat-turn");
    this.runs = page.getByTestId("run");
  }

  async open(query = ""): Promise<void> {
    await this.goto(`/chat${query}`);
    await expect(this.heading()).toHaveText("Chat");
  }

  /** Switches the workbench to a project (e.g. one set up through the API). */
  async selectProject(projectId: string): Promise<void> {
    await this.projectSelect.selectOption(projectId);
    await expect(this.projectSelect).toHaveValue(projectId);
  }

  /** Starts a conversation with "New analysis"; returns its id from the address. */
  async createSession(): Promise<string> {
    // With a conversation already open the address names it: wait for the new one instead.
    const before = new URL(this.page.url()).searchParams.get("session");
    await this.newSessionButton.click();
    await expect.poll(() => new URL(this.page.url()).searchParams.get("session")).not.toBe(before);
    await expect(this.page).toHaveURL(/[?&]session=[^&]+/);
    const sessionId = new URL(this.page.url()).searchParams.get("session");
    expect(sessionId, "the new session is in the address").toBeTruthy();
    await expect(this.conversation).toHaveAttribute("data-session-id", sessionId as string);
    return sessionId as string;
  }

  /** A conversation's row in the list: its link, dataset and Rename / Delete actions. */
  sessionRow(sessionId: string): Locator {
    return this.sessionList.locator(
      `[data-testid="session-item-row"][data-session-id="${sessionId}"]`,
    );
  }

  get sessionSearch(): Locator {
    return this.page.getByTestId("session-search");
  }

  get conversationTitle(): Locator {
    return this.page.getByTestId("conversation-title");
  }

  get conversationDataset(): Locator {
    return this.page.getByTestId("conversation-dataset");
  }

  /** Renames a conversation in the list with the keyboard: type the title, Enter saves. */
  async renameSession(sessionId: string, title: string): Promise<void> {
    const row = this.sessionRow(sessionId);
    await row.getByTestId("session-rename").click();
    const input = row.getByTestId("session-rename-input");
    await expect(input).toBeFocused();
    await input.fill(title);
    const saved = this.page.waitForResponse(
      (response) =>
        response.request().method() === "PATCH" &&
        response.url().endsWith(`/api/sessions/${sessionId}`),
    );
    await input.press("Enter");
    expect((await saved).status()).toBe(200);
    await expect(row.getByTestId("session-title")).toHaveText(title);
  }

  /** Deletes a conversation from the list, answering its question. */
  async deleteSession(sessionId: string): Promise<void> {
    const row = this.sessionRow(sessionId);
    await row.getByTestId("session-delete").click();
    await expect(row.getByTestId("session-delete-confirm")).toBeVisible();
    await row.getByTestId("session-delete-confirm-button").click();
    await expect(row).toHaveCount(0);
  }

  attachmentOption(datasetName: string): Locator {
    return this.page.locator(
      `[data-testid="attachment-option"][data-dataset-name="${datasetName}"]`,
    );
  }

  /** Ticks a dataset in the attachment picker (opening it if needed). */
  async attach(datasetName: string): Promise<void> {
    if ((await this.attachButton.getAttribute("aria-expanded")) !== "true") {
      await this.attachButton.click();
    }
    const option = this.attachmentOption(datasetName);
    await option.getByRole("checkbox").check();
    await expect(
      this.selectedAttachments.filter({ hasText: datasetName }),
      `${datasetName} is attached`,
    ).toHaveCount(1);
  }

  /** Types a question and sends it with Enter; returns the new run's id. */
  async ask(question: string): Promise<string> {
    const before = await this.runs.count();
    await this.messageInput.fill(question);
    const response = this.page.waitForResponse(
      (candidate) =>
        candidate.request().method() === "POST" &&
        /\/api\/sessions\/[^/]+\/runs$/.test(candidate.url()),
    );
    await this.messageInput.press("Enter");
    const answer = await response;
    expect([200, 202], "the run was admitted").toContain(answer.status());
    const { run_id: runId } = (await answer.json()) as { run_id: string };
    await expect(this.runs).toHaveCount(before + 1);
    await expect(this.run(runId)).toBeVisible();
    return runId;
  }

  run(runId: string): Locator {
    return this.page.locator(`[data-testid="run"][data-run-id="${runId}"]`);
  }

  turn(runId: string): Locator {
    return this.page.locator(`[data-testid="chat-turn"][data-run-id="${runId}"]`);
  }

  toolCards(runId: string): Locator {
    return this.run(runId).getByTestId("tool-card");
  }

  toolCard(runId: string, toolName: string): Locator {
    return this.run(runId).locator(`[data-testid="tool-card"][data-tool-name="${toolName}"]`);
  }

  answer(runId: string): Locator {
    return this.run(runId).getByTestId("assistant-answer");
  }

  /** The approval card of a paused run (there is at most one per run). */
  approvalCard(runId: string): Locator {
    return this.run(runId).getByTestId("approval-card");
  }

  stopButton(runId: string): Locator {
    return this.run(runId).getByTestId("stop-run-button");
  }

  stopStatus(runId: string): Locator {
    return this.run(runId).getByTestId("stop-run-status");
  }

  editTurnButton(runId: string): Locator {
    return this.turn(runId).getByTestId("edit-turn-button");
  }

  get editingNotice(): Locator {
    return this.page.getByTestId("editing-notice");
  }

  get cancelEditButton(): Locator {
    return this.page.getByTestId("cancel-edit-button");
  }

  /** Waits until the run is paused at an approval card for `toolName`. */
  async expectPausedForApproval(runId: string, toolName: string): Promise<Locator> {
    const card = this.approvalCard(runId);
    await expect(card).toBeVisible({ timeout: 60_000 });
    await expect(card).toHaveAttribute("data-tool-name", toolName);
    await expect(card).toHaveAttribute("data-state", "waiting");
    await expect(this.run(runId)).toHaveAttribute("data-run-status", "paused");
    await expect(this.toolCard(runId, toolName)).toHaveAttribute(
      "data-status",
      "awaiting_approval",
    );
    await expect(this.messageBox).toHaveAttribute("data-can-send", "false");
    return card;
  }

  /** Waits until the run has ended by itself or by a stop, saved and settled. */
  async expectRunStatus(runId: string, status: string, timeout = 60_000): Promise<void> {
    const run = this.run(runId);
    await expect(run).toHaveAttribute("data-run-status", status, { timeout });
    await expect(run).toHaveAttribute("data-connection", "settled", { timeout });
    await expect(this.messageBox).toHaveAttribute("data-can-send", "true", { timeout });
    await expect(this.messageInput).toBeEnabled();
  }

  /** The tables a reader sees in a run (tool cards and answer), by their header cells. */
  async visibleTableHeaders(runId: string): Promise<string[][]> {
    return this.run(runId)
      .locator("table")
      .evaluateAll((tables) =>
        tables
          .filter((table) => (table as HTMLElement).offsetParent !== null)
          .map((table) =>
            Array.from(
              table.querySelectorAll("thead th"),
              (cell) => cell.textContent?.trim() ?? "",
            ),
          ),
      );
  }

  /** What a reader sees of a run, as the browser lays it out (hidden panels left out). */
  async visibleText(runId: string): Promise<string> {
    return readerText(this.run(runId));
  }

  figureLinks(runId: string): Locator {
    return this.answer(runId).getByTestId("figure-link");
  }

  /** Waits until the run has finished, its answer is complete and the box is usable again. */
  async expectCompleted(runId: string, timeout = 60_000): Promise<void> {
    const run = this.run(runId);
    await expect(run).toHaveAttribute("data-run-status", "completed", { timeout });
    await expect(run).toHaveAttribute("data-connection", "settled", { timeout });
    await expect(this.answer(runId)).toHaveAttribute("data-complete", "true");
    await expect(this.messageBox).toHaveAttribute("data-can-send", "true", { timeout });
    await expect(this.messageInput).toBeEnabled();
  }
}

/**
 * The text a reader sees in an element: layout-aware on purpose, so hidden panels (a folded
 * card's data, a closed disclosure) are left out, as they are on screen.
 */
export async function readerText(locator: Locator): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: what is on screen, not the DOM's text
  return locator.innerText();
}

export type RunEventRecord = { seq: number; type: string; data: Record<string, unknown> };

/** Reads a finished run's whole event stream as text, the way any HTTP client can. */
export async function readRunEventsViaApi(
  request: APIRequestContext,
  runId: string,
): Promise<RunEventRecord[]> {
  const response = await request.get(`/api/runs/${runId}/events?after_seq=-1`);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/event-stream");
  const text = await response.text();
  return text
    .split(/\n\n/)
    .map((block) => {
      const type = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      if (!type || !data) return null;
      const parsed = JSON.parse(data) as Record<string, unknown>;
      return { seq: Number(parsed.seq), type, data: parsed };
    })
    .filter((event): event is RunEventRecord => event !== null);
}

/**
 * Reads a run's events across its pauses: the stream ends at every terminal event (run_paused
 * too), so reading goes on from the last seq until the run's final event.
 */
export async function readAllRunEventsViaApi(
  request: APIRequestContext,
  runId: string,
): Promise<RunEventRecord[]> {
  const events: RunEventRecord[] = [];
  for (let read = 0; read < 10; read++) {
    const afterSeq = events.at(-1)?.seq ?? -1;
    const response = await request.get(`/api/runs/${runId}/events?after_seq=${afterSeq}`);
    expect(response.status()).toBe(200);
    const text = await response.text();
    for (const block of text.split(/\n\n/)) {
      const type = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      if (!type || !data) continue;
      const parsed = JSON.parse(data) as Record<string, unknown>;
      if (Number(parsed.seq) > (events.at(-1)?.seq ?? -1)) {
        events.push({ seq: Number(parsed.seq), type, data: parsed });
      }
    }
    const last = events.at(-1)?.type;
    if (last === "run_completed" || last === "run_cancelled" || last === "run_error") break;
  }
  return events;
}

/**
 * A project with shop.sql uploaded and built, set up through the API: for specs about the chat
 * itself (the SS-5 spec does the same through the Datasets page).
 */
export async function createBuiltShopProjectViaApi(
  request: APIRequestContext,
  { projectName, shopSqlPath }: { projectName: string; shopSqlPath: string },
): Promise<{ projectId: string; datasetId: string }> {
  return createBuiltProjectViaApi(request, {
    projectName,
    file: { name: "shop.sql", mimeType: "application/sql", buffer: await readFile(shopSqlPath) },
    buildTimeoutMs: 60_000,
  });
}

/**
 * A project with the karate club built (dataset name "karate"), opened in a new conversation:
 * the start of every run-control spec.
 */
export async function openKarateConversation(
  page: Page,
  request: APIRequestContext,
  projectLabel: string,
): Promise<{ chat: ChatPage; sessionId: string; projectId: string }> {
  const { projectId } = await createBuiltProjectViaApi(request, {
    projectName: uniqueName(projectLabel),
    file: {
      name: "karate_edges.csv",
      mimeType: "text/csv",
      buffer: await readFile(karateEdgesCsv),
    },
    datasetName: "karate",
  });
  const chat = new ChatPage(page);
  await chat.open();
  await chat.selectProject(projectId);
  const sessionId = await chat.createSession();
  return { chat, sessionId, projectId };
}

/**
 * A project with the karate club and its node table (club), opened in a new conversation with
 * the dataset attached: for specs that need node properties (training, answers by club).
 */
export async function openKarateWithClubConversation(
  page: Page,
  request: APIRequestContext,
  projectLabel: string,
): Promise<ChatPage> {
  const project = await request.post("/api/projects", { data: { name: uniqueName(projectLabel) } });
  expect(project.status()).toBe(201);
  const { project_id: projectId } = (await project.json()) as { project_id: string };
  await uploadNodeTableDatasetViaApi(request, {
    projectId,
    name: "karate",
    edgesCsv: await readFile(karateEdgesCsv),
    nodesCsv: await readFile(karateEdgesCsv.replace(/karate_edges\.csv$/, "karate_nodes.csv")),
  });
  const chat = new ChatPage(page);
  await chat.open();
  await chat.selectProject(projectId);
  await chat.createSession();
  await chat.attach("karate");
  return chat;
}
