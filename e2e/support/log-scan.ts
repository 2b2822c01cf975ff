import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const E2E = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What no server log line may ever hold: password hashes, tokens, and the passwords typed. */
const SECRET_SHAPES: [string, RegExp][] = [
  ['an argon2 hash', /\$argon2(id|i|d)\$/],
  ['a bcrypt hash', /\$2[aby]\$\d\d\$/],
  ['a bearer token', /Bearer\s+ey[\w-]{8,}/],
  ['a JWT', /\bey[\w-]{10,}\.ey[\w-]{10,}\.[\w-]{10,}/],
];

/** The passwords the journeys type or send: string literals assigned to something named *password*. */
export function journeyPasswords(): string[] {
  const found = new Set<string>();
  const files = readdirSync(E2E, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
  for (const file of files) {
    const text = readFileSync(path.join(E2E, file), 'utf8');
    for (const match of text.matchAll(/password\w*\s*[=:]\s*'([^'\s]{8,})'/gi)) {
      // Only passwords no ordinary log text could contain by chance (not "123456", not "Password").
      const password = match[1] as string;
      if (/[a-z]/i.test(password) && /\d/.test(password)) found.add(password);
    }
  }
  return [...found];
}

/** The log files under a directory (the journeys' servers write `server-<n>.log`). */
export function serverLogs(directory: string): string[] {
  const logs: string[] = [];
  for (const entry of readdirSync(directory, { recursive: true, encoding: 'utf8' })) {
    const full = path.join(directory, entry);
    if (/server-\d+\.log$/.test(entry) && statSync(full).isFile()) logs.push(full);
  }
  return logs;
}

/** Lines of the logs that hold a secret, named by what they hold. */
export function secretsIn(logs: readonly string[], passwords: readonly string[]): string[] {
  const leaks: string[] = [];
  for (const log of logs) {
    for (const [index, line] of readFileSync(log, 'utf8').split('\n').entries()) {
      const shape = SECRET_SHAPES.find(([, pattern]) => pattern.test(line));
      const password = passwords.find((candidate) => line.includes(candidate));
      if (shape || password) {
        leaks.push(`${path.basename(log)}:${index + 1}: ${shape ? shape[0] : `the password "${password}"`}`);
      }
    }
  }
  return leaks;
}
