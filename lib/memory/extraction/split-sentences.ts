/** The message's sentences (English and Chinese punctuation, lines), trimmed, none empty. */
export function splitSentences(input: { text: string }): string[] {
  return input.text
    .split(/(?<=[.!?。！？；;])\s*|\n+/)
    .map((sentence) =>
      sentence
        .trim()
        .replace(/[.!。！;；]+$/, "")
        .trim(),
    )
    .filter((sentence) => sentence.length > 0);
}
