import { z } from "zod";

// The question-bank file format (docs/question-bank.md): strict, so a misspelt field in a bank
// someone wrote by hand is reported instead of silently judging every answer against nothing.

const nameSchema = z.string().trim().min(1);
const aliasMapSchema = z.record(z.string(), z.array(nameSchema));

const numberExpectSchema = z.strictObject({
  type: z.literal("number"),
  value: z.number(),
  tolerance: z.number().min(0).default(0),
  /** A note for people ("3 decimals or more"); the judge reads the printed precision itself. */
  precision: z.string().optional(),
});

const entityExpectSchema = z.strictObject({
  type: z.literal("entity"),
  value: nameSchema,
  aliases: z.array(nameSchema).default([]),
  rivals: z.array(nameSchema).default([]),
  rival_aliases: aliasMapSchema.default({}),
});

const entitiesExpectSchema = z
  .strictObject({
    type: z.literal("entities"),
    values: z.array(nameSchema).min(1),
    min_hits: z.number().int().min(1),
    aliases: aliasMapSchema.default({}),
  })
  .refine((expect) => expect.min_hits <= expect.values.length, {
    message: "min_hits cannot exceed the number of values",
    path: ["min_hits"],
  });

const booleanExpectSchema = z.strictObject({
  type: z.literal("boolean"),
  value: z.boolean(),
});

const pairExpectSchema = z.strictObject({
  type: z.literal("pair"),
  values: z.tuple([nameSchema, nameSchema]),
  aliases: aliasMapSchema.default({}),
});

const pathExpectSchema = z.strictObject({
  type: z.literal("path"),
  length: z.number().min(0),
  source: nameSchema,
  target: nameSchema,
  weighted: z.boolean().default(false),
  tolerance: z.number().min(0).default(0),
  aliases: aliasMapSchema.default({}),
});

/** What a right answer must state, by kind of answer. */
export const expectSchema = z.discriminatedUnion("type", [
  numberExpectSchema,
  entityExpectSchema,
  entitiesExpectSchema,
  booleanExpectSchema,
  pairExpectSchema,
  pathExpectSchema,
]);

export type Expect = z.infer<typeof expectSchema>;
export type NumberExpect = z.infer<typeof numberExpectSchema>;
export type EntityExpect = z.infer<typeof entityExpectSchema>;
export type EntitiesExpect = z.infer<typeof entitiesExpectSchema>;
export type BooleanExpect = z.infer<typeof booleanExpectSchema>;
export type PairExpect = z.infer<typeof pairExpectSchema>;
export type PathExpect = z.infer<typeof pathExpectSchema>;

/** One question: what is asked about which dataset, and what a right answer states. */
export const bankQuestionSchema = z.strictObject({
  id: nameSchema,
  dataset: nameSchema,
  lang: z.enum(["en", "zh"]),
  family: nameSchema,
  question: nameSchema,
  expect: expectSchema,
  reference: z.string(),
});

export type BankQuestion = z.infer<typeof bankQuestionSchema>;

/** A dataset of the bank: files uploaded together, then built with `construct`. */
export const bankDatasetSchema = z.strictObject({
  files: z.array(nameSchema).min(1),
  /** The body of `POST /api/datasets/{id}/construct`. */
  construct: z.record(z.string(), z.unknown()).default({}),
  notes: z.string().optional(),
});

export type BankDataset = z.infer<typeof bankDatasetSchema>;

/** One turn of a conversation: judged like any question, asked after the turns before it. */
export const conversationTurnSchema = z.strictObject({
  question: nameSchema,
  family: nameSchema,
  expect: expectSchema,
  /** How the value was computed, and what the turn's words ("them", "that member") refer to. */
  reference: z.string(),
});

export type ConversationTurn = z.infer<typeof conversationTurnSchema>;

/** Follow-up questions asked in one chat session, turn after turn, about one dataset. */
export const bankConversationSchema = z.strictObject({
  id: nameSchema,
  dataset: nameSchema,
  lang: z.enum(["en", "zh"]),
  turns: z.array(conversationTurnSchema).min(1),
});

export type BankConversation = z.infer<typeof bankConversationSchema>;

/** A whole bank file; cross-field rules (unique ids, known datasets) are checked here too. */
export const questionBankSchema = z
  .strictObject({
    version: z.literal(1),
    files_root: z.string().default(".."),
    datasets: z.record(nameSchema, bankDatasetSchema),
    // A bank of conversations alone writes `"questions": []` or leaves it out.
    questions: z.array(bankQuestionSchema).default([]),
    conversations: z.array(bankConversationSchema).default([]),
  })
  .superRefine((bank, context) => {
    if (bank.questions.length === 0 && bank.conversations.length === 0) {
      context.addIssue({
        code: "custom",
        message: "the bank has neither questions nor conversations",
        path: ["questions"],
      });
    }
    // Questions and conversations share one id space: `--only` and the report name both by id.
    const seen = new Map<string, "question" | "conversation">();
    const checkEntry = (
      entry: { id: string; dataset: string },
      kind: "question" | "conversation",
      index: number,
    ) => {
      const where = kind === "question" ? "questions" : "conversations";
      const earlier = seen.get(entry.id);
      if (earlier) {
        context.addIssue({
          code: "custom",
          message:
            earlier === kind
              ? `duplicate ${kind} id "${entry.id}"`
              : `${kind} id "${entry.id}" is also a ${earlier}'s id (ids are unique across questions and conversations)`,
          path: [where, index, "id"],
        });
      }
      seen.set(entry.id, earlier ?? kind);
      if (!Object.hasOwn(bank.datasets, entry.dataset)) {
        context.addIssue({
          code: "custom",
          message: `dataset "${entry.dataset}" is not one of datasets (${Object.keys(bank.datasets).join(", ")})`,
          path: [where, index, "dataset"],
        });
      }
    };
    for (const [index, question] of bank.questions.entries()) {
      checkEntry(question, "question", index);
    }
    for (const [index, conversation] of bank.conversations.entries()) {
      checkEntry(conversation, "conversation", index);
    }
  });

export type QuestionBank = z.infer<typeof questionBankSchema>;
