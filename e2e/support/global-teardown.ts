import type { FullConfig } from '@playwright/test';
import { journeyPasswords, secretsIn, serverLogs } from './log-scan.ts';

/**
 * After every journey: the servers' logs of the whole run hold no password hash, token or typed
 * password. A leak fails the run, naming the file and line.
 */
export default function scanServerLogs(config: FullConfig): void {
  const directories = new Set(config.projects.map((project) => project.outputDir));
  const logs = [...directories].flatMap((directory) => {
    try {
      return serverLogs(directory);
    } catch {
      return [];
    }
  });
  if (logs.length === 0) return;
  const leaks = secretsIn(logs, journeyPasswords());
  if (leaks.length > 0) {
    throw new Error(`Secrets in the server logs of this run:\n${leaks.slice(0, 20).join('\n')}`);
  }
  console.log(`Server logs scanned for secrets: ${logs.length} files, none found.`);
}
