import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Lowers the scheduling priority of the calling thread only. On Linux a nice value belongs to a
 * thread, so a worker doing long background work (hashing a password, running a query) yields
 * the core to the thread answering requests whenever both want it, and still gets every cycle
 * nobody else wants. Elsewhere the thread keeps the process's priority: renicing there would
 * slow the whole process down.
 * @param {number} nice 1 (a little lower) to 19 (lowest)
 */
export function lowerThreadPriority(nice) {
  let thread;
  try {
    thread = Number(readlinkSync('/proc/thread-self').split('/').pop());
  } catch {
    return;
  }
  if (Number.isInteger(thread) && thread > 0) setPriority(thread, nice);
}
