import type { BaseContext } from "../planning/plan-types";

/** The question's language: Chinese when it has CJK characters, else English. */
export function detectLanguage(question: string): "en" | "zh" {
  return /[\u3400-\u9fff]/.test(question) ? "zh" : "en";
}

/**
 * One sentence in the question's language. The analysis families keep their few sentences
 * beside the code that fills them in (an English and a Chinese form side by side), so a
 * family is read and changed in one file; the older planners use the Phrases tables.
 */
export function inLanguage(context: BaseContext, text: { en: string; zh: string }): string {
  return detectLanguage(context.reading.question) === "zh" ? text.zh : text.en;
}
