// A quantity word names a property by its name or by a word of a compound name: a
// "days" question reads `transit_days` or `days_open`, a "value" question reads `declared_value`,
// because a schema qualifies a measure with what it measures ("transit", "declared") far more often
// than it coins a new word for it.

function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .split(/[_\s-]+/)
    .filter(Boolean);
}

/** Whether a property name is the quantity's name, or a compound with that name as a word. */
export function propertyCarriesQuantity(propertyName: string, quantityName: string): boolean {
  const name = propertyName.toLowerCase();
  const quantity = quantityName.toLowerCase();
  if (name === quantity) return true;
  const words = wordsOf(propertyName);
  return words.length > 1 && words.includes(quantity);
}

/**
 * The property a quantity stands for among the candidates: an exact name first (the list's
 * order), then a compound name holding the word, so `amount` beats `insured_amount`.
 */
export function propertyForQuantity<Property extends { name: string }>(
  candidates: Property[],
  quantity: string[],
): Property | undefined {
  for (const name of quantity) {
    const exact = candidates.find((candidate) => candidate.name.toLowerCase() === name);
    if (exact) return exact;
  }
  for (const name of quantity) {
    const compound = candidates.filter((candidate) =>
      propertyCarriesQuantity(candidate.name, name),
    );
    // Two compounds holding the word ("transit_days", "storage_days") leave the question open.
    if (compound.length === 1) return compound[0];
  }
  return undefined;
}
