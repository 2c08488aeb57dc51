/**
 * The WebAssembly binary encoding the SIMD kernels are written in: LEB128 integers, sections,
 * and the instructions they use (core 2.0 with fixed-width SIMD), each as the bytes it encodes
 * to. Kept apart from the kernels so they read as instruction lists.
 */

/** Unsigned LEB128. */
export function unsigned(value: number): number[] {
  const bytes: number[] = [];
  let rest = value >>> 0;
  do {
    let byte = rest & 0x7f;
    rest >>>= 7;
    if (rest !== 0) byte |= 0x80;
    bytes.push(byte);
  } while (rest !== 0);
  return bytes;
}

/** Signed LEB128. */
export function signed(value: number): number[] {
  const bytes: number[] = [];
  let rest = value | 0;
  for (;;) {
    const byte = rest & 0x7f;
    rest >>= 7;
    const done = (rest === 0 && (byte & 0x40) === 0) || (rest === -1 && (byte & 0x40) !== 0);
    bytes.push(done ? byte : byte | 0x80);
    if (done) return bytes;
  }
}

export const name = (text: string) => [text.length, ...Array.from(text, (c) => c.charCodeAt(0))];
export const section = (id: number, body: number[]) => [id, ...unsigned(body.length), ...body];
export const vector = (items: number[][]) => [...unsigned(items.length), ...items.flat()];

// Instructions (WebAssembly core 2.0 with fixed-width SIMD).
export const get = (local: number) => [0x20, ...unsigned(local)];
export const set = (local: number) => [0x21, ...unsigned(local)];
export const i32 = (value: number) => [0x41, ...signed(value)];
export const [add, mul, sub, eqz, geS] = [[0x6a], [0x6c], [0x6b], [0x45], [0x4e]];
export const block = [0x02, 0x40];
export const loop = [0x03, 0x40];
export const ifBlock = [0x04, 0x40];
export const elseBlock = [0x05];
export const end = [0x0b];
export const br = (depth: number) => [0x0c, ...unsigned(depth)];
export const brIf = (depth: number) => [0x0d, ...unsigned(depth)];
export const f32Load = [0x2a, 2, 0];
export const i32Load = (offset: number) => [0x28, 2, ...unsigned(offset)];
export const f32Mul = [0x94];
export const simd = (code: number) => [0xfd, ...unsigned(code)];
export const v128Load = (offset: number) => [...simd(0x00), 4, ...unsigned(offset)];
export const v128Store = (offset: number) => [...simd(0x0b), 4, ...unsigned(offset)];
export const v128Zero = [...simd(0x0c), ...new Array<number>(16).fill(0)];
export const f32x4Splat = simd(0x13);
export const f32x4Add = simd(0xe4);
export const f32x4Mul = simd(0xe6);
export const f32x4Max = simd(0xe9);

/** local += by (an i32 expression). */
export const advance = (local: number, by: number[]) => [
  ...get(local),
  ...by,
  ...add,
  ...set(local),
];
