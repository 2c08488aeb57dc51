import { type APIRequestContext, expect, test } from "@playwright/test";
import { openKarateConversation } from "./pages/chat-page";
import { MemoryPage } from "./pages/memory-page";

type MemoryUsed = { memory_id: string; store: string };

async function memoriesUsed(request: APIRequestContext, runId: string): Promise<MemoryUsed[]> {
  const response = await request.get(`/api/runs/${runId}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { memories_used: MemoryUsed[] }).memories_used;
}

test("the memory manager lists a memory made in the chat, finds it, deletes it, and the next run no longer sees it", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const marker = `zeta${Date.now().toString(36)}`;
  const { chat, sessionId } = await openKarateConversation(page, request, "Memory manager");
  await chat.attach("karate");

  const stated = await chat.ask(`Remember that the account ${marker} is our key customer.`);
  await chat.expectCompleted(stated);
  await expect(chat.answer(stated)).toContainText("Noted");

  const found = await request.get(`/api/memories?store=memories&q=${marker}`);
  const [memory] = ((await found.json()) as { records: { memory_id: string }[] }).records;
  expect(memory, "the stated fact was saved when the run completed").toBeTruthy();

  const relevant = await chat.ask(`show the top 3 nodes by degree for ${marker}`);
  await chat.expectCompleted(relevant);
  expect(await memoriesUsed(request, relevant)).toContainEqual({
    memory_id: memory.memory_id,
    store: "memories",
  });

  const memoryPage = new MemoryPage(page);
  await memoryPage.open();
  await memoryPage.tab("profile").focus();
  await page.keyboard.press("ArrowRight");
  await expect(memoryPage.tab("memories")).toHaveAttribute("aria-selected", "true");
  await memoryPage.searchFor(marker);
  const record = memoryPage.record(memory.memory_id);
  await expect(record).toContainText(marker);
  await expect(record.getByTestId("memory-record-source")).toHaveAttribute(
    "href",
    `/chat?session=${sessionId}`,
  );
  await page.screenshot({ path: testInfo.outputPath("memory-found.png") });

  // Delete asks first; Undo within the window keeps the record.
  await record.getByTestId("memory-delete").click();
  await record.getByTestId("memory-confirm-delete").click();
  await expect(memoryPage.undoBar).toBeVisible();
  await memoryPage.undoButton.click();
  await expect(record).toBeVisible();

  await record.getByTestId("memory-delete").press("Enter");
  await record.getByTestId("memory-confirm-delete").press("Enter");
  await expect(memoryPage.undoBar).toBeVisible();
  await expect(memoryPage.undoBar).toBeHidden({ timeout: 15_000 });
  await expect(record).toHaveCount(0);
  await memoryPage.open();
  await memoryPage.tab("memories").click();
  await memoryPage.searchFor(marker);
  await expect(memoryPage.empty).toBeVisible();
  const gone = await request.get(`/api/memories?store=memories&q=${marker}`);
  expect(((await gone.json()) as { records: unknown[] }).records).toEqual([]);

  await chat.open(`?session=${sessionId}`);
  // The reopened conversation shows its two earlier runs before a third is asked for (ask
  // counts the runs on the page: counting before they loaded saw 0, then 3).
  await expect(chat.runs).toHaveCount(2);
  const after = await chat.ask(`show the top 3 nodes by degree for ${marker}`);
  await chat.expectCompleted(after);
  expect(await memoriesUsed(request, after)).not.toContainEqual({
    memory_id: memory.memory_id,
    store: "memories",
  });
});
