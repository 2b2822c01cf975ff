import { UAParser } from 'ua-parser-js';

/** Names already read, by User-Agent header: staff sign in from a handful of browsers. */
const named = new Map<string, string>();
const MAX_NAMED = 1000;

/** "Chrome 131 (Windows 10)", "Firefox 133 (Ubuntu)", … from a User-Agent header: enough to tell sessions apart. */
export function browserOf(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  let name = named.get(userAgent);
  if (name === undefined) {
    name = nameOf(userAgent);
    if (named.size >= MAX_NAMED) named.delete(named.keys().next().value as string);
    named.set(userAgent, name);
  }
  return name;
}

function nameOf(userAgent: string): string {
  const { browser, os } = new UAParser(userAgent).getResult();
  if (!browser.name) return userAgent.slice(0, 60);
  const name = [browser.name, browser.major].filter(Boolean).join(' ');
  const system = [os.name, os.version].filter(Boolean).join(' ');
  return system ? `${name} (${system})` : name;
}

const PRIVATE = [
  /^127\./,
  /^10\./,
  /^192\.168\./,
  /^172\.(1[6-9]|2\d|3[01])\./,
  /^::1$/,
  /^fe80:/i,
  /^f[cd]/i,
  /^::ffff:(127|10|192\.168)\./,
];

/** Where an address is, as far as can be told without a location database. */
export function addressOf(ip: string | undefined): string | null {
  if (!ip) return null;
  return PRIVATE.some((pattern) => pattern.test(ip)) ? 'Local network' : null;
}
