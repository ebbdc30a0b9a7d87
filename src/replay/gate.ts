/** A gate for fault injection: while closed, `passed()` waits; opening it lets every waiter through at once. */
export class Gate {
  #closed: { promise: Promise<void>; open: () => void } | undefined;

  get closed(): boolean {
    return this.#closed !== undefined;
  }

  /** Closes (`true`) or opens (`false`) the gate; opening releases the waiters. */
  set(closed: boolean): void {
    if (closed && !this.#closed) {
      let open!: () => void;
      const promise = new Promise<void>((resolve) => open = resolve);
      this.#closed = { promise, open };
    } else if (!closed && this.#closed) {
      this.#closed.open();
      this.#closed = undefined;
    }
  }

  /** Resolves at once while open, else when the gate opens. */
  passed(): Promise<void> {
    return this.#closed?.promise ?? Promise.resolve();
  }
}
