import { readFile } from "node:fs/promises";
import { type APIRequestContext, expect, type Locator, test } from "@playwright/test";
import { type ChatPage, openKarateConversation } from "./pages/chat-page";
import { karateEdgesCsv } from "./support/fixture-paths";

// local-rules confirms n12 with search_node, previews both operations, then asks for the
// commit of exactly those arguments, which the runtime pauses for approval (plan-optimization.ts).
const optimiseQuestion = "Remove node n12 and drop isolated nodes";

type Args = { dataset_id: string; base_revision: number; operations: unknown[] };

type RunJson = {
  run_status: string;
  execution_generation: number;
  pending_approval: { tool_call_id: string; tool_name: string; args: Args } | null;
  approvals: Record<string, unknown>[];
  tool_calls: {
    tool_call_id: string;
    tool_name: string;
    status: string;
    args: unknown;
    execution_generation: number;
    result: { data?: Record<string, unknown> } | null;
  }[];
};

type ConstructionJson = {
  revision: number;
  parent_revision: number | null;
  node_count: number;
  edge_count: number;
  operations: unknown[] | null;
};

async function runJson(request: APIRequestContext, runId: string): Promise<RunJson> {
  const response = await request.get(`/api/runs/${runId}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as RunJson;
}

async function constructions(
  request: APIRequestContext,
  datasetId: string,
): Promise<ConstructionJson[]> {
  const response = await request.get(`/api/datasets/${datasetId}/constructions`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { constructions: ConstructionJson[] }).constructions;
}

/** Edges of the karate fixture that touch a node (counted from the file, not the engine). */
async function fixtureDegree(nodeId: string): Promise<number> {
  const rows = (await readFile(karateEdgesCsv, "utf8")).trim().split("\n").slice(1);
  return rows.filter((line) => line.split(",").slice(0, 2).includes(nodeId)).length;
}

function postsTo(runId: string) {
  return (response: { request(): { method(): string }; url(): string }) =>
    response.request().method() === "POST" && response.url().endsWith(`/runs/${runId}/approvals`);
}

/** The decision record under the commit's tool card: id, proposal, and the patch that ran. */
async function expectModifyRecord(
  chat: ChatPage,
  input: { runId: string; toolCallId: string; proposed: Args; patched: Args },
): Promise<Locator> {
  const note = chat.run(input.runId).getByTestId("approval-decision-note");
  await expect(note).toHaveCount(1);
  await expect(note).toHaveAttribute("data-decision", "modify");
  await expect(note).toContainText("approved with modified arguments");
  await expect(note.getByTestId("approval-decision-tool-call-id")).toHaveText(input.toolCallId);
  const proposed = note.getByTestId("approval-decision-proposed-args");
  const patched = note.getByTestId("approval-decision-patched-args");
  expect(JSON.parse((await proposed.textContent()) ?? "")).toEqual(input.proposed);
  expect(JSON.parse((await patched.textContent()) ?? "")).toEqual(input.patched);
  const entry = note.getByTestId("approval-args-diff-entry");
  await expect(entry).toHaveCount(1);
  await expect(entry).toHaveAttribute("data-key", "operations");
  await expect(entry).toHaveAttribute("data-kind", "changed");
  return note;
}

test("Modify on an optimisation commit runs exactly the patched operations, and the card keeps proposal and patch", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const { chat, projectId } = await openKarateConversation(page, request, "Chat modify");
  const datasets = (await (await request.get(`/api/projects/${projectId}/datasets`)).json()) as {
    datasets: { dataset_id: string }[];
  };
  const datasetId = datasets.datasets[0].dataset_id;
  await chat.attach("karate");
  const runId = await chat.ask(optimiseQuestion);
  const card = await chat.expectPausedForApproval(runId, "commit_graph_optimization");

  // The card names the call by its id and shows the proposal: remove n12, drop isolated nodes.
  const paused = await runJson(request, runId);
  const pending = paused.pending_approval as NonNullable<RunJson["pending_approval"]>;
  const toolCallId = pending.tool_call_id;
  const proposed = pending.args;
  expect(proposed).toEqual({
    dataset_id: datasetId,
    base_revision: 1,
    operations: [{ op: "remove_nodes", node_ids: ["n12"] }, { op: "drop_isolated" }],
  });
  await expect(card).toHaveAttribute("data-tool-call-id", toolCallId);
  await expect(card.getByTestId("approval-tool-call-id")).toHaveText(toolCallId);
  expect(JSON.parse((await card.getByTestId("approval-args").textContent()) ?? "")).toEqual(
    proposed,
  );

  const approvalPosts: unknown[] = [];
  page.on("request", (candidate) => {
    if (candidate.method() === "POST" && candidate.url().endsWith(`/runs/${runId}/approvals`)) {
      approvalPosts.push(candidate.postDataJSON());
    }
  });

  // An operation the tool does not know: the server refuses it with the contract's code, the run
  // stays paused and nothing is saved.
  await card.getByTestId("approval-modify").click();
  const editor = card.getByTestId("approval-args-input");
  await expect(editor).toBeFocused();
  await editor.fill(JSON.stringify({ ...proposed, operations: [{ op: "delete_everything" }] }));
  const refused = page.waitForResponse(postsTo(runId));
  await card.getByTestId("approval-modify-submit").click();
  const refusal = await refused;
  expect(refusal.status()).toBe(400);
  expect(((await refusal.json()) as { error: { code: string } }).error.code).toBe(
    "INVALID_REQUEST",
  );
  await expect(card.getByTestId("approval-modify-error-code")).toHaveText("INVALID_REQUEST");
  await expect(card.getByTestId("approval-modify-issues")).toContainText("operations");
  await expect(chat.run(runId)).toHaveAttribute("data-run-status", "paused");
  const stillPaused = await runJson(request, runId);
  expect(stillPaused).toMatchObject({ run_status: "paused", execution_generation: 1 });
  expect(stillPaused.pending_approval?.args).toEqual(proposed);
  expect(stillPaused.approvals).toEqual([]);
  expect((await constructions(request, datasetId)).map((saved) => saved.revision)).toEqual([1]);

  // The reviewer keeps n12, removes n5 instead and drops the second operation.
  const patched: Args = { ...proposed, operations: [{ op: "remove_nodes", node_ids: ["n5"] }] };
  await editor.fill(JSON.stringify(patched, null, 2));
  const entry = card.getByTestId("approval-args-diff-entry");
  await expect(entry).toHaveCount(1);
  await expect(entry).toHaveAttribute("data-key", "operations");
  await expect(entry).toHaveAttribute("data-kind", "changed");
  await page.screenshot({
    path: testInfo.outputPath("approval-modify-editor.png"),
    fullPage: true,
  });
  const accepted = page.waitForResponse(postsTo(runId));
  await card.getByTestId("approval-modify-submit").click();
  expect((await accepted).status()).toBe(202);
  expect(approvalPosts.at(-1)).toEqual({
    tool_call_id: toolCallId,
    tool_name: "commit_graph_optimization",
    decision: "modify",
    patched_args: patched,
  });

  // The same run goes on and commits the patch.
  await chat.expectCompleted(runId);
  await expect(chat.approvalCard(runId)).toHaveCount(0);
  const degree = await fixtureDegree("n5");
  expect(degree).not.toBe(await fixtureDegree("n12"));
  const commitCard = chat.toolCard(runId, "commit_graph_optimization");
  await expect(commitCard).toHaveAttribute("data-tool-call-id", toolCallId);
  await expect(commitCard).toHaveAttribute("data-status", "succeeded");
  await commitCard.getByTestId("tool-card-args-toggle").click();
  expect(JSON.parse((await commitCard.getByTestId("tool-card-args").textContent()) ?? "")).toEqual(
    patched,
  );
  const resultData = JSON.parse(
    (await commitCard.getByTestId("tool-card-result-data").textContent()) ?? "",
  );
  expect(resultData).toMatchObject({
    revision: 2,
    base_revision: 1,
    operations: patched.operations,
    effect: { touchedNodeIds: ["n5"], after: { nodes: 33, edges: 78 - degree } },
  });
  await expect(chat.answer(runId)).toContainText("You modified the operations");
  await expect(chat.answer(runId)).toContainText(`edges 78 → ${78 - degree}`);
  await expectModifyRecord(chat, { runId, toolCallId, proposed, patched });
  await page.screenshot({
    path: testInfo.outputPath("approval-modify-decided.png"),
    fullPage: true,
  });

  // The API agrees: the call ran with the patch, the decision is recorded, revision 2 is the patch.
  const done = await runJson(request, runId);
  expect(done.run_status).toBe("completed");
  const commit = done.tool_calls.find((call) => call.tool_call_id === toolCallId);
  expect(commit).toMatchObject({ status: "succeeded", execution_generation: 2, args: patched });
  expect(commit?.result?.data).toMatchObject({ operations: patched.operations });
  expect(done.approvals).toEqual([
    expect.objectContaining({
      tool_call_id: toolCallId,
      decision: "modify",
      proposed_args: proposed,
      patched_args: patched,
      ran_args: patched,
    }),
  ]);
  const saved = await constructions(request, datasetId);
  expect(saved.find((revision) => revision.revision === 2)).toMatchObject({
    parent_revision: 1,
    node_count: 33,
    edge_count: 78 - degree,
    operations: patched.operations,
  });
  const view = await request.get(`/api/datasets/${datasetId}/graph-view?revision=2&limit=5000`);
  expect(view.status()).toBe(200);
  const nodeIds = ((await view.json()) as { nodes: { id: string }[] }).nodes.map((node) => node.id);
  expect(nodeIds).toContain("n12");
  expect(nodeIds).not.toContain("n5");

  // After a refresh the record comes from the saved run: same id, same proposal and patch.
  await page.reload();
  await chat.expectCompleted(runId);
  const record = await expectModifyRecord(chat, { runId, toolCallId, proposed, patched });
  await record.screenshot({ path: testInfo.outputPath("approval-modify-record.png") });
  await page.screenshot({
    path: testInfo.outputPath("approval-modify-after-refresh.png"),
    fullPage: true,
  });
});
