/**
 * Numeric node properties of a wide table held as one typed matrix instead of a property object
 * per node: a 3,700-column bag-of-words table as objects is 12 million keyed values (seconds
 * to build, clone and save, hundreds of MB); as a matrix it is one buffer, cloned and
 * transferred as bytes. Row-major: node u's value of column c is `values[u * names.length + c]`.
 * NaN is an empty cell, read back as null (a number property is never NaN: the CSV number
 * pattern has no NaN).
 */
export type NumericColumns = {
  /** Property names, in column order; none of them is also a key of a nodeProperties object. */
  names: string[];
  /** nodeCount × names.length. Float32 when every value is exactly a float32 (0/1 tables). */
  values: Float32Array | Float64Array;
  /**
   * Every node property name of the table, numeric or not, in column order: readers list
   * properties in this order, as they did when all of them were in one object per node.
   */
  propertyOrder?: string[];
};

/**
 * `byName` reordered by the table's column order (names it does not know keep their place
 * after the known ones): property listings, feature schemas and query tables then come out in
 * the order the objects path gave.
 */
export function inTableOrder<T>(byName: Map<string, T>, columns?: NumericColumns): Map<string, T> {
  const order = columns?.propertyOrder;
  if (!order) return byName;
  const ordered = new Map<string, T>();
  for (const name of order) {
    const value = byName.get(name);
    if (value !== undefined) ordered.set(name, value);
  }
  for (const [name, value] of byName) if (!ordered.has(name)) ordered.set(name, value);
  return ordered;
}

/** A new store holding only the rows of `nodes`, in that order (a subgraph's nodes). */
export function selectNumericRows(input: {
  columns: NumericColumns;
  nodes: ArrayLike<number>;
}): NumericColumns {
  const { columns, nodes } = input;
  const width = columns.names.length;
  const Matrix = columns.values instanceof Float32Array ? Float32Array : Float64Array;
  const values = new Matrix(nodes.length * width);
  for (let i = 0; i < nodes.length; i++) {
    const start = nodes[i] * width;
    values.set(columns.values.subarray(start, start + width), i * width);
  }
  return { ...columns, values };
}
