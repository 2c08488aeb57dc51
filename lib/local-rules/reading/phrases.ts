import type { Phrases } from "./phrase-book";
import { englishPhrases } from "./phrases-en";
import { chinesePhrases } from "./phrases-zh";

export type { Phrases, WeightsUse } from "./phrase-book";

/** The phrase book of a language. */
export function phrasesFor(language: "en" | "zh"): Phrases {
  return language === "zh" ? chinesePhrases : englishPhrases;
}
