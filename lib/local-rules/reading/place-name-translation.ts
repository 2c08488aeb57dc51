import { worldCities, worldCountries } from "./world-place-names";

// A Chinese question names a place in Chinese ("釜山", "新加坡港") while the graph labels it in
// English ("Busan", "Singapore"). This reads the gazetteer both ways: the Chinese place names a
// question holds (so they are node candidates like capitalised English names), and the English
// names a Chinese name may stand for (searched when the name as written matches nothing).

type Place = { english: string[]; chinese: string[] };

function places(rows: [string, string][]): Place[] {
  return rows.map(([english, chinese]) => ({
    english: english.split("|"),
    chinese: chinese.split("|"),
  }));
}

const cities = places(worldCities);
const countries = places(worldCountries);

const byChinese = new Map<string, string[]>();
for (const place of [...cities, ...countries]) {
  for (const name of place.chinese) byChinese.set(name, place.english);
}

const byEnglish = new Map<string, string[]>();
for (const place of [...cities, ...countries]) {
  for (const name of place.english) byEnglish.set(name.toLowerCase(), place.chinese);
}

// What a place's Chinese name may carry after it: "新加坡港", "上海市", "北京站".
const placeSuffix = /(?:港口|码头|机场|火车站|市|港|站|城)$/;

/** The English names a Chinese place name stands for ("新加坡港" → Singapore); [] if none. */
export function englishPlaceNames(name: string): string[] {
  const trimmed = name.trim();
  const exact = byChinese.get(trimmed);
  if (exact) return exact;
  const bare = trimmed.replace(placeSuffix, "");
  return bare !== trimmed ? (byChinese.get(bare) ?? []) : [];
}

/** The Chinese names of an English place value ("Shanghai" → 上海); [] if none is listed. */
export function chinesePlaceNames(english: string): string[] {
  return byEnglish.get(english.trim().toLowerCase()) ?? [];
}

/**
 * The names to search when a name as written matches no node: its bare Chinese form without a
 * suffix, then its English names. Empty for names the gazetteer does not know.
 */
export function placeNameAlternates(name: string): string[] {
  const english = englishPlaceNames(name);
  if (english.length === 0) return [];
  const bare = name.trim().replace(placeSuffix, "");
  return [...new Set([...(bare !== name.trim() && byChinese.has(bare) ? [bare] : []), ...english])];
}

// Longest names first, so "孟买新港" is read before "孟买" and "不来梅港" before "不来梅".
const cityNames = cities
  .flatMap((place) => place.chinese)
  .sort((a, b) => b.length - a.length || a.localeCompare(b));

// A degree word before a name makes it part of another word: "最大连通分量" holds no Dalian.
const degreeBefore = /[最更较很超太极]$/;
// "孟买新港（NSA）": the id in brackets names the node; the words before it are its label.
const bracketedIdAfter = /^(?:新港|港口|港|市|站)?\s*[（(]\s*[A-Za-z0-9_:.-]+\s*[)）]/;

/**
 * The city and port names a Chinese question holds, where they stand, with a place suffix that
 * follows them ("新加坡港"). Countries and regions are left to property values ("西班牙的账户").
 */
export function chinesePlaceMentions(question: string): { name: string; at: number }[] {
  if (!/[\u3400-\u9fff]/.test(question)) return [];
  const found: { name: string; at: number }[] = [];
  const covered = (at: number, length: number) =>
    found.some((entry) => at < entry.at + entry.name.length && entry.at < at + length);
  for (const name of cityNames) {
    let at = question.indexOf(name);
    while (at >= 0) {
      const before = question.slice(0, at);
      const after = question.slice(at + name.length);
      if (
        !covered(at, name.length) &&
        !degreeBefore.test(before) &&
        !bracketedIdAfter.test(after)
      ) {
        const suffix = /^(?:港口|港|市)/.exec(after)?.[0] ?? "";
        found.push({ name: name + suffix, at });
      }
      at = question.indexOf(name, at + name.length);
    }
  }
  return found.sort((a, b) => a.at - b.at);
}
