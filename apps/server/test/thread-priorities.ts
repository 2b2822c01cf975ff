import { readdirSync, readFileSync } from 'node:fs';

/** The nice value in a thread's /proc stat line (its 19th field). */
export function niceOf(statFile: string): number {
  const stat = readFileSync(statFile, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

/** The ids of this process's threads (Linux). */
export const threadIds = (): string[] => readdirSync('/proc/self/task');

/** The nice value of each of this process's threads, or of those given (Linux). */
export const threadNiceValues = (threads = threadIds()): number[] =>
  threads.map((thread) => niceOf(`/proc/self/task/${thread}/stat`));
