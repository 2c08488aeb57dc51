/**
 * A tokenizer-free estimate: ~4 characters per token for Latin text, one per CJK character.
 * Conservative enough for a budget; exact counts would need each model's own tokenizer.
 */
export function estimateTokens(input: { text: string }): number {
  const cjk = (input.text.match(/[\u3400-\u9fff\uf900-\ufaff]/g) ?? []).length;
  return cjk + Math.ceil((input.text.length - cjk) / 4) + 4;
}
