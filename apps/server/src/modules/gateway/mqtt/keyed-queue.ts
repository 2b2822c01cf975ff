/**
 * Tasks run one after the other for each key (a machine), in the order they came, while other
 * keys' tasks run alongside. A task's failure goes to `failed` and does not stop the next.
 */
export class KeyedQueue {
  readonly #tails = new Map<string, Promise<void>>();

  constructor(private readonly failed: (error: unknown, key: string) => void) {}

  run(key: string, task: () => Promise<void>): Promise<void> {
    const next = (this.#tails.get(key) ?? Promise.resolve())
      .then(task)
      .catch((error: unknown) => this.failed(error, key));
    this.#tails.set(key, next);
    void next.then(() => {
      if (this.#tails.get(key) === next) this.#tails.delete(key);
    });
    return next;
  }

  /** Waits for every task queued so far. */
  async settled(): Promise<void> {
    await Promise.all([...this.#tails.values()]);
  }
}
