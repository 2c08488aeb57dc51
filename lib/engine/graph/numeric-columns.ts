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
};

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
  return { names: columns.names, values };
}
