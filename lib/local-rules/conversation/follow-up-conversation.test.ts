import { afterAll, describe, expect, it } from "vitest";
import { attachedKarateState } from "@/lib/contracts/testing/session-states";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { analysisGraphEngine } from "../testing/analysis-graph-engine";
import { karateEngine, karatePageRank } from "../testing/karate-engine";
import { runConversation } from "../testing/run-conversation";

afterAll(async () => {
  await closeIdleQueryEngines();
});

// Whole conversations through the model: each follow-up is planned from the turns the runtime
// replays, so the answer's lead names what the follow-up pointed at.

async function converse(questions: string[]): Promise<string[]> {
  const leads: string[] = [];
  let history: Awaited<ReturnType<typeof runConversation>>["messages"] = [];
  for (const question of questions) {
    const run = await runConversation({
      question,
      state: attachedKarateState(),
      engine: karateEngine(),
      history,
    });
    // The first node the lead names: its bracketed id, or a bare id.
    const lead = run.answer.split("\n")[0];
    leads.push(/\((n\d+)\)/.exec(lead)?.[1] ?? /\bn\d+\b/.exec(lead)?.[0] ?? lead);
    history = run.messages;
  }
  return leads;
}

describe("follow-ups along a ranking", () => {
  it("names the second and third of a PageRank ranking first, and 'its' means the second", async () => {
    const [second, third] = karatePageRank.slice(1, 3).map(([id]) => id);
    const leads = await converse([
      "Which member has the highest PageRank?",
      "And the second one?",
      "What is its degree?",
      "第三名呢？",
    ]);
    expect(leads.slice(1)).toEqual([second, second, third]);
  }, 30_000);

  it("leaves the previous answer out for 'apart from him?' and '除了他以外呢？'", async () => {
    const leads = await converse([
      "Who has the most connections?",
      "Apart from him?",
      "除了他以外呢？",
    ]);
    expect(leads).toEqual(["n33", "n0", "n32"]);
  }, 30_000);
});

// A staff table whose three juniors earn the least: a ranking over all of it would stop before
// reaching them, so "which of them" must rank the listed nodes themselves.
const staff = [
  "CREATE TABLE staff (id integer PRIMARY KEY, name text NOT NULL, age integer, salary integer, manager_id integer REFERENCES staff(id));",
  "INSERT INTO staff VALUES (1, 'Ona Berg', 61, 200000, NULL), (2, 'Pia Lund', 50, 170000, 1);",
  "INSERT INTO staff VALUES (3, 'Rex Moe', 41, 160000, 1), (4, 'Sol Dahl', 39, 150000, 1), (5, 'Tor Vik', 44, 140000, 1);",
  "INSERT INTO staff VALUES (6, 'Uma Holm', 37, 130000, 1), (7, 'Vea Strand', 36, 120000, 1), (8, 'Wim Aas', 35, 110000, 1);",
  "INSERT INTO staff VALUES (9, 'Xia Foss', 34, 100000, 1), (10, 'Yan Lie', 30, 50000, 2), (11, 'Zoe Rud', 45, 55000, 2), (12, 'Ada Sand', 28, 52000, 2);",
].join("\n");

// Built once, as the file loads: a SQL dump is constructed in a sandbox, seconds each time.
const staffEngine = analysisGraphEngine({ kind: "sql", text: staff });

describe("superlatives over a listed set", () => {
  it("ranks the listed juniors by age and by salary, then turns the order round", async () => {
    const engine = await staffEngine;
    const leads: string[] = [];
    let history: Awaited<ReturnType<typeof runConversation>>["messages"] = [];
    for (const question of [
      "Who reports to Pia Lund?",
      "Which of them is the oldest?",
      "And the youngest?",
      "Which of those people earns the most?",
    ]) {
      const run = await runConversation({
        question,
        state: attachedKarateState(),
        engine,
        history,
      });
      leads.push(/\((staff:\d+)\)/.exec(run.answer.split("\n")[0])?.[1] ?? run.answer);
      history = run.messages;
    }
    expect(leads.slice(1)).toEqual(["staff:11", "staff:12", "staff:11"]);
  }, 120_000);
});
