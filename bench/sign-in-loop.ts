/**
 * The sign-ins beside a load (bench/sign-ins-beside.ts), from a process of their own so that they
 * do not slow the load generator: a sign-in started every 1000 / RATE ms against BASE until the
 * parent says stop, then the count of those that succeeded and of those that failed is sent back.
 * They stand for other people's browsers on other machines: at the lowest priority, the client
 * measuring the reads, which shares their CPU, reads each answer as soon as it comes.
 */
import { setPriority } from 'node:os';
import { signIn } from './server-process.ts';

setPriority(19);

const base = process.env.BASE ?? '';
const every = 1000 / Number(process.env.RATE ?? 20);
let done = 0;
let failed = 0;
let firstFailure: string | undefined;
const startedAt = performance.now();
let started = 0;
// On the clock rather than one per tick: a tick that comes late (this process yields to the
// others) starts every sign-in that was due meanwhile.
const timer = setInterval(() => {
  const due = Math.floor((performance.now() - startedAt) / every) + 1;
  for (; started < due; started++) {
    signIn(base).then(
      () => done++,
      (error: unknown) => {
        failed++;
        firstFailure ??= String(error);
      },
    );
  }
}, every / 2);
process.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  // The sign-ins under way finish first.
  setTimeout(() => process.send?.({ done, failed, firstFailure }, () => process.exit(0)), 1000);
});
process.send?.('started');
