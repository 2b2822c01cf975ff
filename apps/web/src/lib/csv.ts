/** A CSV text, each cell quoted when it must be, with the byte-order mark spreadsheet programs read UTF-8 by. */
export function csvOf(rows: readonly (readonly string[])[]): string {
  const cell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return `\uFEFF${rows.map((row) => row.map(cell).join(',')).join('\n')}\n`;
}
