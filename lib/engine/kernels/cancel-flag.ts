/**
 * A cancel request that crosses threads at once: one Int32 on shared memory, raised by the
 * caller's thread and read by the kernel's. A worker's message queue would not do: a running
 * kernel holds its thread's event loop, so a posted "cancel" would wait for the kernel's next
 * pause, while the flag is seen at its very next cancel check.
 */
export type CancelFlag = Int32Array;

export function createCancelFlag(): CancelFlag {
  return new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
}

export function raiseCancelFlag(flag: CancelFlag): void {
  Atomics.store(flag, 0, 1);
}

/**
 * An AbortSignal whose `aborted` reads the flag. Kernels only ever read `aborted` (through
 * throwIfCancelled); listeners are accepted and never called, as an event would need the
 * worker's event loop, which the kernel holds.
 */
export function signalOfCancelFlag(flag: CancelFlag): AbortSignal {
  const signal = {
    get aborted() {
      return Atomics.load(flag, 0) !== 0;
    },
    reason: undefined,
    onabort: null,
    throwIfAborted() {
      if (Atomics.load(flag, 0) !== 0) throw new DOMException("Aborted", "AbortError");
    },
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent() {
      return false;
    },
  };
  return signal as unknown as AbortSignal;
}
