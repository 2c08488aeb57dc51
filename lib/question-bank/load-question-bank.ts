import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { z } from "zod";
import { EvalSetupError } from "./eval-setup-error";
import { type BankDataset, type QuestionBank, questionBankSchema } from "./question-bank-schema";

/** A dataset of a loaded bank, its files resolved to absolute paths that exist. */
export type LoadedDataset = BankDataset & { name: string; paths: string[] };

/** A bank ready to run: questions and conversations as written, datasets with files on disk. */
export type LoadedQuestionBank = Omit<QuestionBank, "datasets"> & {
  file: string;
  datasets: Record<string, LoadedDataset>;
};

/**
 * Reads and checks a bank file. `files` are relative to `files_root`, itself relative to the
 * bank file's folder (default ".."), so a bank moves together with its data. Every problem —
 * unreadable file, bad JSON, schema issues (of questions and conversations alike, each with its
 * path such as `conversations.0.turns.1.expect`), missing data files — is an EvalSetupError.
 */
export async function loadQuestionBank(input: { file: string }): Promise<LoadedQuestionBank> {
  const file = path.resolve(input.file);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new EvalSetupError({
      code: "BANK_UNREADABLE",
      message: `The question bank ${input.file} cannot be read (${describeFileError(error)}).`,
    });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new EvalSetupError({
      code: "BANK_INVALID",
      message: `The question bank ${input.file} is not valid JSON (${(error as Error).message}).`,
    });
  }
  const parsed = questionBankSchema.safeParse(json);
  if (!parsed.success) {
    throw new EvalSetupError({
      code: "BANK_INVALID",
      message: `The question bank ${input.file} does not follow the bank format (${parsed.error.issues.length} issue(s)):`,
      details: describeIssues(parsed.error.issues),
    });
  }
  const root = path.resolve(path.dirname(file), parsed.data.files_root);
  const datasets: Record<string, LoadedDataset> = {};
  const missing: string[] = [];
  for (const [name, dataset] of Object.entries(parsed.data.datasets)) {
    const paths = dataset.files.map((entry) => path.resolve(root, entry));
    for (const [index, candidate] of paths.entries()) {
      if (!(await isFile(candidate))) {
        missing.push(`datasets.${name}.files[${index}]: ${candidate} does not exist`);
      }
    }
    datasets[name] = { ...dataset, name, paths };
  }
  if (missing.length > 0) {
    throw new EvalSetupError({
      code: "BANK_INVALID",
      message: `The question bank ${input.file} names data files that are not there (files_root resolves to ${root}):`,
      details: missing,
    });
  }
  return { ...parsed.data, file, datasets };
}

/** One line per zod issue, with the path into the bank where it is. */
export function describeIssues(issues: z.core.$ZodIssue[]): string[] {
  return issues.map((issue) => {
    const where = issue.path.length > 0 ? issue.path.map(String).join(".") : "(bank)";
    return `${where}: ${issue.message}`;
  });
}

async function isFile(candidate: string): Promise<boolean> {
  try {
    return (await stat(candidate)).isFile();
  } catch {
    return false;
  }
}

function describeFileError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return "no such file";
  if (code === "EISDIR") return "it is a folder";
  if (code === "EACCES") return "permission denied";
  return (error as Error).message;
}
