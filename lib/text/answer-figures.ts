import { isWordCharacter } from "./text-characters";

/** A number printed in an answer, with the precision it was printed at. */
export type Figure = {
  text: string;
  value: number;
  /** Half a unit of the last printed digit: "0.571" → 0.0005, "13.9%" → 0.0005, "45" → 0.5. */
  halfUnit: number;
  index: number;
};

// Sign, digits (optionally grouped by thousands), decimals, exponent, percent sign. Whether the
// match is a figure at all (and not part of an id such as n33) is decided by its neighbours.
const figurePattern = /([-−]?)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(?:[eE]([-+]?\d+))?([%％])?/gu;
const idGlueBefore = new Set([":", "#", "/"]);
const idGlueAfter = new Set([":", "/", "#"]);

/**
 * The figures of a text: `1,316`, `-0.4756`, `2.5e-3`, `13.9%` (= 0.139) and digits next to
 * Chinese characters (`共45个`). Digits glued to letters, `:`, `#` or `/` are parts of ids
 * (`n33`, `customers:34`, `#2`, `1/2`), not figures.
 */
export function readFigures(text: string): Figure[] {
  const figures: Figure[] = [];
  for (const match of text.matchAll(figurePattern)) {
    const [whole, rawSign, integerPart, decimals = "", exponent, percent] = match;
    let start = match.index;
    let sign = rawSign;
    // "n0-5" or "2-3": the dash joins two tokens rather than signing the second.
    if (sign && isWordCharacter(text[start - 1])) {
      sign = "";
      start += 1;
    }
    const before = text[start - 1];
    const end = match.index + whole.length;
    const after = text[end];
    if (isWordCharacter(before) || idGlueBefore.has(before ?? "")) continue;
    if (before === "." && isWordCharacter(text[start - 2])) continue; // "v1.2.3", "x.5"
    if (isWordCharacter(after) || idGlueAfter.has(after ?? "")) continue;
    if (after === "." && /\d/.test(text[end + 1] ?? "")) continue; // "1.2.3"
    const scale = (exponent ? 10 ** Number(exponent) : 1) * (percent ? 0.01 : 1);
    const magnitude = Number(`${integerPart.replaceAll(",", "")}.${decimals || "0"}`);
    figures.push({
      text: text.slice(start, end),
      value: (sign ? -1 : 1) * magnitude * scale,
      halfUnit: 0.5 * 10 ** -decimals.length * scale,
      index: start,
    });
  }
  return figures;
}

/**
 * Whether a printed figure states `value`: equal to it rounded at the figure's own precision
 * (±half a unit of its last digit) and within `tolerance`. With 0.5706384 and tolerance 0.0005,
 * "0.571" and "0.5706" match, "0.57" does not.
 */
export function figureStates(input: { figure: Figure; value: number; tolerance: number }): boolean {
  const difference = Math.abs(input.figure.value - input.value);
  // Decimal figures are not exact in binary ("13.9%" is 0.13900000000000001).
  const slack = 1e-9 * Math.max(1, Math.abs(input.value));
  return difference <= input.figure.halfUnit + slack && difference <= input.tolerance + slack;
}

/** The first figure of `text` that states `value`, if any. */
export function findStatedFigure(input: {
  text: string;
  value: number;
  tolerance: number;
}): Figure | undefined {
  return readFigures(input.text).find((figure) =>
    figureStates({ figure, value: input.value, tolerance: input.tolerance }),
  );
}
