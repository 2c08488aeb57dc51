// Chinese questions keep the Latin part of a column name and say its last part in Chinese:
// `h_index` is "h 指数", `pm25_level` is "pm25 水平". Only the last part is translated, so the
// Latin part still ties the words to this schema's column.
const chineseLastParts: Record<string, string[]> = {
  index: ["指数"],
  score: ["分数", "得分"],
  rate: ["率"],
  level: ["水平", "等级"],
  year: ["年份"],
  count: ["数", "数量"],
};

/** The ways a Chinese question may write a column name whose first part stays in Latin. */
export function mixedLanguageForms(name: string): string[] {
  const parts = name.toLowerCase().split(/[_\s-]+/);
  if (parts.length < 2) return [];
  const head = parts.slice(0, -1).join(" ");
  const translations = chineseLastParts[parts[parts.length - 1]] ?? [];
  if (!/^[a-z0-9 ]+$/.test(head)) return [];
  return translations.flatMap((word) => [`${head} ${word}`, `${head}${word}`]);
}
