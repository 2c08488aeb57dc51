import type { MemoryBlockRecord } from "@/lib/memory/context/memory-block";
import { isMemoryStatement } from "@/lib/memory/extraction/extract-with-rules";
import { splitSentences } from "@/lib/memory/extraction/split-sentences";
import type { AnswerPart } from "../writing/answer-document";
import { emptyPart } from "../writing/answer-document";

/**
 * The request part of a message: its explicit memory statements ("I prefer …", "remember that
 * …") removed. Empty when the message only states something to remember (MEM-3): then the
 * model acknowledges it instead of planning an analysis from the word "report" in it.
 */
export function requestPart(input: { question: string }): string {
  const sentences = splitSentences({ text: input.question });
  const requests = sentences.filter((sentence) => !isMemoryStatement(sentence));
  // A message without a statement is planned exactly as written.
  return requests.length === sentences.length ? input.question : requests.join(". ");
}

/** The acknowledgement of a statement to remember; saving happens after the run completes. */
export function rememberPart(input: { language: "en" | "zh" }): AnswerPart {
  const part = emptyPart({ succeeded: true });
  part.summary.push(
    input.language === "zh"
      ? "好的，已记下。本次运行完成后，这条稳定的偏好或事实会保存到你的记忆中（可在“记忆”页面查看和删除），以后的运行会用到它。"
      : "Noted. When this run completes, this stable preference or fact is saved to your memory (see and delete it on the Memory page), and later runs will use it.",
  );
  return part;
}

/** How the user wants reports to open, from the profile records in the prompt (MEM-1). */
export function reportLeadPreference(input: {
  memory: MemoryBlockRecord[];
}): { lead: "method" | "conclusion"; record: MemoryBlockRecord } | null {
  const record = input.memory.find(
    (entry) => entry.store === "profile" && entry.subject === "report.lead",
  );
  if (!record) return null;
  const method = /\bmethod|\bmethodology|\bapproach|方法/i.test(record.text);
  return { lead: method ? "method" : "conclusion", record };
}

/** The note that names the memory an answer followed, so "why did it do that?" has an answer. */
export function followedMemoryNote(input: {
  language: "en" | "zh";
  record: MemoryBlockRecord;
}): string {
  const { record } = input;
  return input.language === "zh"
    ? `按照你保存的偏好（${record.store} ${record.memory_id}）：“${record.text}”。`
    : `Following your saved preference (${record.store} ${record.memory_id}): "${record.text}".`;
}
