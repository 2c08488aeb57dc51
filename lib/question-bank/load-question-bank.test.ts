import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EvalSetupError } from "./eval-setup-error";
import { loadQuestionBank } from "./load-question-bank";

let root: string;

const question = {
  id: "q1",
  dataset: "karate",
  lang: "en",
  family: "count",
  question: "How many edges?",
  expect: { type: "number", value: 78, tolerance: 0 },
  reference: "networkx",
};

const conversation = {
  id: "c1",
  dataset: "karate",
  lang: "en",
  turns: [
    {
      question: "Who has the most connections?",
      family: "degree",
      expect: { type: "entity", value: "n33", rivals: ["n0"] },
      reference: "networkx: max G.degree",
    },
    {
      question: "How many exactly?",
      family: "degree",
      expect: { type: "number", value: 17, tolerance: 0 },
      reference: "networkx: G.degree('n33')",
    },
  ],
};

async function writeBank(name: string, bank: unknown): Promise<string> {
  const file = path.join(root, "banks", name);
  await writeFile(file, typeof bank === "string" ? bank : JSON.stringify(bank));
  return file;
}

async function loadError(file: string): Promise<EvalSetupError> {
  const error = await loadQuestionBank({ file }).catch((caught: unknown) => caught);
  if (!EvalSetupError.isInstance(error)) throw new Error(`expected an EvalSetupError: ${error}`);
  return error;
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "question-bank-"));
  await mkdir(path.join(root, "banks"), { recursive: true });
  await mkdir(path.join(root, "fixtures"), { recursive: true });
  await writeFile(path.join(root, "fixtures", "edges.csv"), "source,target\nn0,n1\n");
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("loadQuestionBank", () => {
  it("resolves files relative to the bank's folder through files_root (default ..)", async () => {
    const file = await writeBank("bank.json", {
      version: 1,
      datasets: { karate: { files: ["fixtures/edges.csv"] } },
      questions: [question],
    });
    const bank = await loadQuestionBank({ file });
    expect(bank.datasets.karate.paths).toEqual([path.join(root, "fixtures", "edges.csv")]);
    expect(bank.datasets.karate.construct).toEqual({});
    expect(bank.questions[0].expect).toEqual({ type: "number", value: 78, tolerance: 0 });
  });

  it("lists every schema issue with where it is", async () => {
    const file = await writeBank("bad.json", {
      version: 1,
      datasets: { karate: { files: ["fixtures/edges.csv"] } },
      questions: [
        question,
        { ...question, id: "q2", expect: { type: "percentage", value: 1 } },
        { ...question, id: "q3", lang: "fr", colour: "red" },
      ],
    });
    const error = await loadError(file);
    expect(error.code).toBe("BANK_INVALID");
    expect(error.message).toContain("does not follow the bank format (3 issue(s)):");
    expect(error.details).toEqual([
      expect.stringMatching(/^questions\.1\.expect\.type: /),
      expect.stringMatching(/^questions\.2\.lang: /),
      expect.stringMatching(/^questions\.2: .*colour/),
    ]);
  });

  it("checks that ids are unique and datasets known", async () => {
    const file = await writeBank("cross.json", {
      version: 1,
      datasets: { karate: { files: ["fixtures/edges.csv"] } },
      questions: [question, question, { ...question, id: "q3", dataset: "shop" }],
    });
    expect((await loadError(file)).details).toEqual([
      'questions.1.id: duplicate question id "q1"',
      'questions.2.dataset: dataset "shop" is not one of datasets (karate)',
    ]);
  });

  it("loads conversations, with or without questions beside them", async () => {
    const file = await writeBank("conversations.json", {
      version: 1,
      datasets: { karate: { files: ["fixtures/edges.csv"] } },
      questions: [],
      conversations: [conversation],
    });
    const bank = await loadQuestionBank({ file });
    expect(bank.questions).toEqual([]);
    expect(bank.conversations[0].turns.map((turn) => turn.question)).toEqual([
      "Who has the most connections?",
      "How many exactly?",
    ]);
    expect(bank.conversations[0].turns[0].expect).toEqual({
      type: "entity",
      value: "n33",
      aliases: [],
      rivals: ["n0"],
      rival_aliases: {},
    });
    const questionsOnly = await writeBank("questions-only.json", {
      version: 1,
      datasets: { karate: { files: ["fixtures/edges.csv"] } },
      questions: [question],
    });
    expect((await loadQuestionBank({ file: questionsOnly })).conversations).toEqual([]);
  });

  it("says what is wrong with a conversation and where", async () => {
    const file = await writeBank("bad-conversations.json", {
      version: 1,
      datasets: { karate: { files: ["fixtures/edges.csv"] } },
      questions: [question],
      conversations: [
        { ...conversation, id: "c2", turns: [] },
        { ...conversation, id: "q1", dataset: "shop" },
        {
          ...conversation,
          id: "c4",
          turns: [conversation.turns[0], { ...conversation.turns[1], expect: { type: "count" } }],
        },
        { ...conversation, id: "c4", lang: "fr" },
      ],
    });
    const error = await loadError(file);
    expect(error.message).toContain("does not follow the bank format");
    expect(error.details).toEqual([
      expect.stringMatching(/^conversations\.0\.turns: .*1/),
      expect.stringMatching(/^conversations\.2\.turns\.1\.expect\.type: /),
      expect.stringMatching(/^conversations\.3\.lang: /),
    ]);
    // Cross-field rules are checked once every entry has the right shape.
    const crossFile = await writeBank("cross-conversations.json", {
      version: 1,
      datasets: { karate: { files: ["fixtures/edges.csv"] } },
      questions: [question],
      conversations: [{ ...conversation, id: "q1", dataset: "shop" }, conversation, conversation],
    });
    expect((await loadError(crossFile)).details).toEqual([
      'conversations.0.id: conversation id "q1" is also a question\'s id (ids are unique across questions and conversations)',
      'conversations.0.dataset: dataset "shop" is not one of datasets (karate)',
      'conversations.2.id: duplicate conversation id "c1"',
    ]);
  });

  it("refuses a bank with neither questions nor conversations", async () => {
    const file = await writeBank("empty.json", {
      version: 1,
      datasets: { karate: { files: ["fixtures/edges.csv"] } },
      questions: [],
    });
    expect((await loadError(file)).details).toEqual([
      "questions: the bank has neither questions nor conversations",
    ]);
  });

  it("names missing data files, unreadable banks and bad JSON in one sentence", async () => {
    const missing = await writeBank("missing.json", {
      version: 1,
      files_root: "..",
      datasets: { karate: { files: ["fixtures/nodes.csv"] } },
      questions: [question],
    });
    expect((await loadError(missing)).details[0]).toContain("nodes.csv does not exist");
    const absent = await loadError(path.join(root, "banks", "absent.json"));
    expect(absent.message).toMatch(/cannot be read \(no such file\)\.$/);
    const garbled = await loadError(await writeBank("garbled.json", "{ not json"));
    expect(garbled.message).toContain("is not valid JSON");
  });
});
