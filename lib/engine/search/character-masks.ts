/**
 * Characters hashed into 32 buckets (code & 31), kept as two bit sets: the buckets seen at least
 * once and at least twice. Lossy (buckets collide), so masks are only ever used to rule a fuzzy
 * match out, never in: an edit adds at most one character, so a token needing more characters
 * than the text has, beyond the allowed edits, cannot match it.
 */
export type CharacterMasks = { once: number; twice: number };

/** Masks of all characters of a text. */
export function characterMasks({ text }: { text: string }): CharacterMasks {
  let once = 0;
  let twice = 0;
  for (let i = 0; i < text.length; i++) {
    const bit = 1 << (text.charCodeAt(i) & 31);
    twice |= once & bit;
    once |= bit;
  }
  return { once, twice };
}
