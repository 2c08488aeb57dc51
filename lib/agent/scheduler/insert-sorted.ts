/** Inserts a number into an ascending array; the arrays here hold a batch's few call indices. */
export function insertSorted(input: { values: number[]; value: number }): void {
  const { values, value } = input;
  let position = values.length;
  while (position > 0 && values[position - 1] > value) position -= 1;
  values.splice(position, 0, value);
}
