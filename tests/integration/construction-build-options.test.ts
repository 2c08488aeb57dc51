import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as columnsRoute from "@/app/api/datasets/[dataset_id]/columns/route";
import * as constructRoute from "@/app/api/datasets/[dataset_id]/construct/route";
import * as constructionsRoute from "@/app/api/datasets/[dataset_id]/constructions/route";
import * as datasetsRoute from "@/app/api/projects/[project_id]/datasets/route";
import { insertUser } from "@/lib/db/queries/users";
import { createProject } from "@/lib/projects/create-project";
import { actingAs, routeContext } from "../support/route-request";

const paymentsCsv = [
  "payer,payee,amount,channel,memo",
  "alice,bob,120.5,card,rent",
  "bob,carol,30,cash,lunch",
  "carol,alice,75,card,books",
  "alice,dave,10,card,coffee",
  "",
].join("\n");
const accountsCsv = [
  "id,club,country",
  "alice,red,FR",
  "bob,blue,DE",
  "carol,red,FR",
  "dave,blue,IT",
  "",
].join("\n");

describe("build options of a CSV edge table: direction, weight column, node table", () => {
  let userId: string;
  let projectId: string;
  let edgesId: string;
  let nodesId: string;

  beforeAll(async () => {
    userId = (await insertUser({ email: `options-${randomUUID()}@test.local`, displayName: "o" }))
      .id;
    projectId = (await createProject({ ownerId: userId, name: "Payments" })).project_id;
    const form = new FormData();
    form.append("file", new File([paymentsCsv], "payments.csv"));
    form.append("nodes", new File([accountsCsv], "payments_nodes.csv"));
    const response = await datasetsRoute.POST(
      new Request(`http://test.local/api/projects/${projectId}/datasets`, {
        method: "POST",
        body: form,
        headers: actingAs(userId),
      }),
      routeContext({ project_id: projectId }),
    );
    expect(response.status).toBe(201);
    const dataset = (await response.json()) as { dataset_id: string; nodes_dataset_id: string };
    edgesId = dataset.dataset_id;
    nodesId = dataset.nodes_dataset_id;
  });

  async function construct(body: unknown) {
    const response = await constructRoute.POST(
      new Request("http://test.local/x", {
        method: "POST",
        headers: { ...actingAs(userId), "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
      routeContext({ dataset_id: edgesId }),
    );
    return { status: response.status, body: await response.json() };
  }

  async function revisions() {
    const response = await constructionsRoute.GET(
      new Request("http://test.local/x", { headers: actingAs(userId) }),
      routeContext({ dataset_id: edgesId }),
    );
    return (await response.json()).constructions as Record<string, unknown>[];
  }

  it("lists the edge table's columns with which are numeric and their default roles", async () => {
    const response = await columnsRoute.GET(
      new Request("http://test.local/x", { headers: actingAs(userId) }),
      routeContext({ dataset_id: edgesId }),
    );
    expect(response.status).toBe(200);
    expect((await response.json()).columns).toEqual([
      { name: "payer", numeric: false, role: "source" },
      { name: "payee", numeric: false, role: "target" },
      { name: "amount", numeric: true, role: "property" },
      { name: "channel", numeric: false, role: "property" },
      { name: "memo", numeric: false, role: "property" },
    ]);
  });

  it("builds directed and weighted by a named column, and records the choices", async () => {
    const { status, body } = await construct({ directed: true, weight_column: "amount" });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.construction).toMatchObject({
      directed: true,
      weighted: true,
      weight_column: "amount",
      nodes_dataset_id: nodesId,
      node_count: 4,
      edge_count: 4,
    });
    const [newest] = await revisions();
    expect(newest).toMatchObject({
      revision: body.construction.revision,
      directed: true,
      weighted: true,
      weight_column: "amount",
      nodes_dataset_id: nodesId,
    });
  });

  it("builds unweighted and without the node table when told so (null)", async () => {
    const { status, body } = await construct({ weight_column: null, nodes_dataset_id: null });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.construction).toMatchObject({
      directed: false,
      weighted: false,
      weight_column: null,
      nodes_dataset_id: null,
    });
  });

  it.each([
    [{ weight_column: "price" }, /no column "price".*amount/],
    [{ weight_column: "channel" }, /"channel" is not numeric/],
    [{ weight_column: "payer" }, /endpoints/],
    [{ weight_column: "amount", weighted: false }, /weighted: false/],
    [{ weight_column: 3 }, /./],
    [{ weight_column: "  " }, /./],
  ])("refuses %j with INVALID_REQUEST and builds nothing", async (options, message) => {
    const before = (await revisions()).length;
    const { status, body } = await construct(options);
    expect(status).toBe(400);
    expect(body.error.code).toBe("INVALID_REQUEST");
    expect(`${body.error.message} ${JSON.stringify(body.error.details)}`).toMatch(message);
    expect((await revisions()).length).toBe(before);
  });

  it("fails the build, naming the column, when a text value comes after the sampled rows", async () => {
    const rows = ["source,target,amount"];
    for (let index = 0; index < 20_000; index += 1) rows.push(`a${index},b${index},${index}`);
    rows.push("x,y,plenty");
    const form = new FormData();
    form.append("file", new File([`${rows.join("\n")}\n`], "late-text.csv"));
    const upload = await datasetsRoute.POST(
      new Request(`http://test.local/api/projects/${projectId}/datasets`, {
        method: "POST",
        body: form,
        headers: actingAs(userId),
      }),
      routeContext({ project_id: projectId }),
    );
    const { dataset_id: lateId } = (await upload.json()) as { dataset_id: string };
    const response = await constructRoute.POST(
      new Request("http://test.local/x", {
        method: "POST",
        headers: { ...actingAs(userId), "content-type": "application/json" },
        body: JSON.stringify({ weight_column: "amount" }),
      }),
      routeContext({ dataset_id: lateId }),
    );
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.code).toBe("INVALID_REQUEST");
    expect(body.error.message).toMatch(/"amount" is not numeric/);
  });

  it("refuses a weight column for a dataset that is not a CSV table", async () => {
    const form = new FormData();
    form.append("file", new File(["1 2\n2 3\n"], "plain.txt"));
    const upload = await datasetsRoute.POST(
      new Request(`http://test.local/api/projects/${projectId}/datasets`, {
        method: "POST",
        body: form,
        headers: actingAs(userId),
      }),
      routeContext({ project_id: projectId }),
    );
    const { dataset_id: textId } = (await upload.json()) as { dataset_id: string };
    const response = await constructRoute.POST(
      new Request("http://test.local/x", {
        method: "POST",
        headers: { ...actingAs(userId), "content-type": "application/json" },
        body: JSON.stringify({ weight_column: "w" }),
      }),
      routeContext({ dataset_id: textId }),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe("INVALID_REQUEST");
  });
});
