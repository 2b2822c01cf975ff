import type { DispenseParams } from '@water/contract/commands';

/** What a fill reports at its end: the volume that came out. */
export type FillEnd = (dispensedMl: number) => Promise<void>;

/**
 * The fills a machine runs for the public page's orders: each takes `msPerLitre` for every litre
 * asked for, or ends early when stopped, with the volume so far. A "fill until stopped" order
 * runs up to its volume. Ended fills report once.
 */
export class MachineFills {
  readonly #running = new Map<string, { stop: () => void; done: Promise<void> }>();

  constructor(private readonly msPerLitre: () => number) {}

  /** Starts a fill; `end` is told what came out when it ends. */
  start(params: DispenseParams, end: FillEnd): void {
    if (this.#running.has(params.orderNo)) return;
    const started = Date.now();
    const fullMs = (params.requestedMl / 1000) * this.msPerLitre();
    let stop = () => {};
    const stopped = new Promise<number>((resolve) => {
      const timer = setTimeout(() => resolve(params.requestedMl), fullMs);
      stop = () => {
        clearTimeout(timer);
        const perMl = this.msPerLitre() / 1000;
        resolve(
          Math.min(params.requestedMl, perMl > 0 ? Math.floor((Date.now() - started) / perMl) : params.requestedMl),
        );
      };
    });
    const done = stopped
      .then((ml) => end(ml))
      .catch(() => undefined)
      .finally(() => this.#running.delete(params.orderNo));
    this.#running.set(params.orderNo, { stop: () => stop(), done });
  }

  /** Stops an order's fill; false when none runs. */
  stop(orderNo: string): boolean {
    const fill = this.#running.get(orderNo);
    fill?.stop();
    return fill !== undefined;
  }

  /** Resolves once every fill under way has ended and reported. */
  async settled(): Promise<void> {
    await Promise.all([...this.#running.values()].map((fill) => fill.done));
  }
}
