/** "Chrome 131", "Firefox 133", … from a User-Agent header: enough to tell sessions apart. */
export function browserOf(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const known: [RegExp, string][] = [
    [/Edg\/(\d+)/, 'Edge'],
    [/OPR\/(\d+)/, 'Opera'],
    [/Firefox\/(\d+)/, 'Firefox'],
    [/HeadlessChrome\/(\d+)/, 'Headless Chrome'],
    [/Chrome\/(\d+)/, 'Chrome'],
    [/Version\/(\d+)[\d.]* .*Safari\//, 'Safari'],
  ];
  for (const [pattern, name] of known) {
    const match = pattern.exec(userAgent);
    if (match) return `${name} ${match[1]}`;
  }
  return userAgent.slice(0, 60);
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
