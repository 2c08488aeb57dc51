// Character classes the answer readers share: what glues a digit or a name into a longer id.

const cjk = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef\u3000-\u303f]/u;
const letterOrDigit = /[\p{L}\p{N}_]/u;

/** Chinese (and other CJK) text: beside it digits are figures and names end (`共45个`, `n33的`). */
export function isCjkCharacter(character: string | undefined): boolean {
  return character !== undefined && cjk.test(character);
}

/** A letter, digit or `_` of an id or a word — CJK characters excepted. */
export function isWordCharacter(character: string | undefined): boolean {
  return character !== undefined && letterOrDigit.test(character) && !isCjkCharacter(character);
}
