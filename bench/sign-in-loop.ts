/**
 * The sign-ins beside a load (bench/sign-ins-beside.ts), from a process of their own so that they
 * do not slow the load generator: a sign-in started every 1000 / RATE ms against BASE until the
 * parent says stop, then the count of those that succeeded and of those that failed is sent back.
 */
import { signIn } from './server-process.ts';

const base = process.env.BASE ?? '';
const every = 1000 / Number(process.env.RATE ?? 20);
let done = 0;
let failed = 0;
let firstFailure: string | undefined;
const timer = setInterval(() => {
  signIn(base).then(
    () => done++,
    (error: unknown) => {
      failed++;
      firstFailure ??= String(error);
    },
  );
}, every);
process.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  // The sign-ins under way finish first.
  setTimeout(() => process.send?.({ done, failed, firstFailure }, () => process.exit(0)), 1000);
});
process.send?.('started');
