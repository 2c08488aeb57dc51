import { afterAll, describe, expect, it } from "vitest";
import { attachedKarateState } from "@/lib/contracts/testing/session-states";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { detectIntent } from "../reading/detect-intent";
import { analysisGraphEngine } from "../testing/analysis-graph-engine";
import { realGraphEngine } from "../testing/real-graph-engine";
import { runConversation } from "../testing/run-conversation";
import { sqlDumpLead } from "../testing/sql-dump-lead";

afterAll(async () => {
  await closeIdleQueryEngines();
});

// A record-label dump: Tide Songs (Blue Harbor) has Jonas Weber and Lena Vogel on its sessions;
// Quiet Pines Music has no albums and Mara Lind played no session: they are the isolated rows.
const dump = [
  "CREATE TABLE labels (id integer PRIMARY KEY, name text NOT NULL);",
  "CREATE TABLE albums (id integer PRIMARY KEY, title text NOT NULL, label_id integer REFERENCES labels(id));",
  "CREATE TABLE musicians (id integer PRIMARY KEY, name text NOT NULL);",
  "CREATE TABLE sessions (album_id integer NOT NULL REFERENCES albums(id), musician_id integer NOT NULL REFERENCES musicians(id), fee integer, PRIMARY KEY (album_id, musician_id));",
  "INSERT INTO labels VALUES (1, 'Blue Harbor Records'), (2, 'Quiet Pines Music');",
  "INSERT INTO albums VALUES (1, 'Tide Songs', 1), (2, 'Low Lights', 1);",
  "INSERT INTO musicians VALUES (1, 'Jonas Weber'), (2, 'Ama Owusu'), (3, 'Lena Vogel'), (4, 'Mara Lind');",
  "INSERT INTO sessions VALUES (1, 1, 300), (2, 2, 200), (1, 3, 150);",
].join("\n");

const lead = sqlDumpLead(dump);

describe("the people a work's link rows name", { timeout: 180_000 }, () => {
  it("lists the far end of the link table the noun or verb names, not the label", async () => {
    for (const question of [
      "Who is in the line-up of Tide Songs?",
      "Who played on Tide Songs?",
      "Which musicians appear on Tide Songs?",
    ]) {
      expect(await lead(question)).toBe(
        "Tide Songs (albums:1) is linked to 2 musicians: Jonas Weber (musicians:1), Lena Vogel (musicians:3).",
      );
    }
  });
});

describe("nodes no edge touches", { timeout: 180_000 }, () => {
  it("lists every kind's isolated rows, asked in English or Chinese", async () => {
    const expected =
      /Quiet Pines Music \(labels:2\).*Mara Lind \(musicians:4\)|Mara Lind \(musicians:4\).*Quiet Pines Music \(labels:2\)/;
    expect(await lead("Which nodes have no connections at all?")).toMatch(expected);
    expect(await lead("哪些节点完全没有任何连接？")).toMatch(expected);
    expect(await lead("孤立节点有几个？")).toMatch(/^共有 2 个节点/);
  });

  it("answers 'are there any … who haven't … anything' with the kind's unlinked rows", async () => {
    expect(await lead("Are there any musicians who haven't played on anything?")).toMatch(
      /^Mara Lind \(musicians:4\) has no sessions link/,
    );
  });

  it("asks about isolated nodes without optimising; a verb that removes them still does", () => {
    expect(detectIntent({ question: "Which nodes are isolated?" }).kind).not.toBe("optimize");
    expect(detectIntent({ question: "哪些节点是孤立的？" }).kind).not.toBe("optimize");
    expect(detectIntent({ question: "Remove the isolated nodes" }).kind).toBe("optimize");
    expect(detectIntent({ question: "删除孤立节点" }).kind).toBe("optimize");
  });
});

describe("a kind reached only through another kind", { timeout: 180_000 }, () => {
  it("counts the distinct far nodes of a named node's intermediate rows", async () => {
    const lead3 = /Blue Harbor Records \(labels:1\).*\b3\b.*Ama Owusu \(musicians:2\)/;
    expect(await lead("How many different musicians has Blue Harbor Records worked with?")).toMatch(
      lead3,
    );
    expect(await lead("Blue Harbor Records 一共和多少位不同的乐手合作过？")).toMatch(lead3);
  });
});

describe("partners through shared works", { timeout: 180_000 }, () => {
  it("ranks a kind by the others of its kind it shares a work with", async () => {
    const tie =
      "Jonas Weber (musicians:1) has worked with the most other musicians: 1, sharing albums. Lena Vogel (musicians:3) ties with it.";
    expect(
      await lead("Which musician has worked with the largest number of different co-players?"),
    ).toBe(tie);
    expect(await lead("哪位乐手合作过的乐手最多？")).toMatch(
      /^Jonas Weber \(musicians:1\) 合作过的其他 musicians 最多：共 1 个/,
    );
  });

  it("names the one partner a node shares the most works with, asked in Chinese", async () => {
    const { answer } = await runConversation({
      question: "Jonas Weber 和哪位乐手同台次数最多？",
      state: attachedKarateState(),
      engine: await analysisGraphEngine({ kind: "sql", text: dump }),
    });
    expect(answer.split("\n")[0]).toMatch(
      /^与 musicians:1 共享最多的是 Lena Vogel \(musicians:3\)/,
    );
  });

  it("pairs works through the far end of the link table the question names", async () => {
    const { turns } = await runConversation({
      question: "Which two albums share the most session players?",
      state: attachedKarateState(),
      engine: await realGraphEngine({ kind: "sql", text: dump }),
    });
    const projection = turns
      .flatMap((turn) => turn.calls)
      .find((call) => call.toolName === "project_graph");
    expect(projection?.input).toMatchObject({ node_type: "albums", via_node_type: "musicians" });
  });
});
