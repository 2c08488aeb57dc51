/** The singular of an English noun as table names use it (`categories` → `category`). */
export function singularOf(word: string): string {
  const lower = word.toLowerCase();
  if (/[^aeiou]ies$/.test(lower)) return `${lower.slice(0, -3)}y`;
  if (/(?:ss|sh|ch|x|z)es$/.test(lower)) return lower.slice(0, -2);
  if (/[^s]s$/.test(lower)) return lower.slice(0, -1);
  return lower;
}

/** The plural of an English noun (`city` → `cities`, `class` → `classes`). */
export function pluralOf(word: string): string {
  const lower = word.toLowerCase();
  if (/[^aeiou]y$/.test(lower)) return `${lower.slice(0, -1)}ies`;
  if (/(?:s|sh|ch|x|z)$/.test(lower)) return `${lower}es`;
  return `${lower}s`;
}

/**
 * The ways a question may write a schema name: as is, singular and plural, with underscores
 * as spaces or hyphens (`order_items` → `order item`, `order items`; `h_index` → `h-index`).
 */
export function nameForms(name: string): string[] {
  const lower = name.toLowerCase();
  const spaced = lower.replaceAll("_", " ");
  const hyphened = lower.replaceAll("_", "-");
  const forms = new Set<string>([lower, spaced, hyphened]);
  for (const base of [lower, spaced, hyphened]) {
    const singular = singularOf(base);
    forms.add(singular);
    forms.add(pluralOf(singular));
  }
  return [...forms].filter((form) => form.length >= 2);
}
