import { expect, test } from "@playwright/test";
import { openKarateConversation } from "./pages/chat-page";

type SessionJson = {
  can_send: boolean;
  runs: { run_id: string; run_status: string; replaced_by_run_id?: string | null }[];
};

test("Edit the latest turn: the edited message is asked again, the old answer stays as edited", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const capabilities = (await (await request.get("/api/capabilities")).json()) as {
    edit_latest_turn_v1: boolean;
  };
  expect(capabilities.edit_latest_turn_v1, "edit_latest_turn_v1 is on for the e2e server").toBe(
    true,
  );
  const { chat, sessionId } = await openKarateConversation(page, request, "Chat edit");
  await chat.attach("karate");
  const firstRunId = await chat.ask("How many nodes are there?");
  await chat.expectCompleted(firstRunId);

  // Edit puts the message back in the box; Escape (or Cancel edit) leaves it as it was.
  await chat.messageInput.fill("a draft of mine");
  const edit = chat.editTurnButton(firstRunId);
  await expect(edit).toBeVisible();
  await edit.click();
  await expect(chat.editingNotice).toBeVisible();
  await expect(chat.messageBox).toHaveAttribute("data-editing", "true");
  await expect(chat.messageInput).toHaveValue("How many nodes are there?");
  await expect(chat.messageInput).toBeFocused();
  await expect(chat.turn(firstRunId)).toHaveAttribute("data-being-edited", "true");
  await page.keyboard.press("Escape");
  await expect(chat.editingNotice).toHaveCount(0);
  await expect(chat.messageInput).toHaveValue("a draft of mine");

  await edit.click();
  await expect(chat.selectedAttachments.filter({ hasText: "karate" })).toHaveCount(1);
  await chat.messageInput.fill("How many edges are there?");
  await page.screenshot({ path: testInfo.outputPath("chat-editing-turn.png"), fullPage: true });
  const started = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" &&
      /\/api\/sessions\/[^/]+\/runs$/.test(response.url()),
  );
  await chat.messageInput.press("Enter");
  const response = await started;
  expect([200, 202]).toContain(response.status());
  expect(response.request().postDataJSON()).toMatchObject({
    message: "How many edges are there?",
    replaces_run_id: firstRunId,
  });
  const { run_id: secondRunId } = (await response.json()) as { run_id: string };
  expect(secondRunId).not.toBe(firstRunId);

  await chat.expectCompleted(secondRunId);
  await expect(chat.messageBox).toHaveAttribute("data-editing", "false");
  await expect(chat.turn(secondRunId).getByTestId("user-message-text")).toHaveText(
    "How many edges are there?",
  );
  // The old turn stays, labelled and folded; its answer can be reopened.
  const oldTurn = chat.turn(firstRunId);
  await expect(oldTurn).toHaveAttribute("data-replaced", "true");
  await expect(oldTurn.getByTestId("turn-edited-label")).toHaveText("Edited");
  await expect(oldTurn.getByTestId("user-message-text")).toHaveText("How many nodes are there?");
  await expect(chat.run(firstRunId)).toHaveCount(0);
  await oldTurn.getByTestId("turn-edited-toggle").click();
  await expect(chat.run(firstRunId)).toBeVisible();
  await expect(chat.run(firstRunId)).toHaveAttribute("data-run-status", "completed");
  // Only the newest turn may be edited now.
  await expect(chat.editTurnButton(firstRunId)).toHaveCount(0);
  await expect(chat.editTurnButton(secondRunId)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("chat-edited-turn.png"), fullPage: true });

  const session = (await (await request.get(`/api/sessions/${sessionId}`)).json()) as SessionJson;
  expect(session.runs.map((run) => run.run_id).sort()).toEqual([firstRunId, secondRunId].sort());
  const oldRun = session.runs.find((run) => run.run_id === firstRunId);
  const newRun = session.runs.find((run) => run.run_id === secondRunId);
  expect(oldRun?.replaced_by_run_id).toBe(secondRunId);
  expect(oldRun?.run_status).toBe("completed");
  expect(newRun?.replaced_by_run_id ?? null).toBeNull();
  expect(session.can_send).toBe(true);
});
