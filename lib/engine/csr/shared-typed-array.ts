/**
 * Typed arrays on SharedArrayBuffer memory, so a CSR snapshot built once can be read by the
 * kernel worker threads without a copy (posting a SharedArrayBuffer passes a handle, not the
 * bytes). Where SharedArrayBuffer does not exist (a browser without cross-origin isolation)
 * they fall back to ordinary memory: the engine works the same, only inline.
 */
const sharedMemory = typeof SharedArrayBuffer === "function";

/** A zero-filled Int32Array of `length`, on shared memory where available. */
export function sharedInt32Array(length: number): Int32Array {
  return sharedMemory
    ? new Int32Array(new SharedArrayBuffer(length * Int32Array.BYTES_PER_ELEMENT))
    : new Int32Array(length);
}

/** A zero-filled Float64Array of `length`, on shared memory where available. */
export function sharedFloat64Array(length: number): Float64Array {
  return sharedMemory
    ? new Float64Array(new SharedArrayBuffer(length * Float64Array.BYTES_PER_ELEMENT))
    : new Float64Array(length);
}

/** The first `length` entries of `array` in a new array on shared memory (slice's shared twin). */
export function sharedPrefix<Array extends Int32Array | Float64Array>(
  array: Array,
  length: number,
): Array {
  const copy = (
    array instanceof Int32Array ? sharedInt32Array(length) : sharedFloat64Array(length)
  ) as Array;
  copy.set(array.subarray(0, length));
  return copy;
}

/** True when the array's memory is a SharedArrayBuffer covering exactly the array. */
export function isWhollyShared(array: Int32Array | Float64Array): boolean {
  return (
    sharedMemory &&
    array.buffer instanceof SharedArrayBuffer &&
    array.byteOffset === 0 &&
    array.byteLength === array.buffer.byteLength
  );
}
