import type { Fen } from '@water/contract/money';

/** A JSON object of a channel's text, or undefined when the text is not one. */
export function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** An amount we send to a channel: a positive whole number of fen, or the request is not made. */
export function checkedFen(fen: Fen): Fen {
  if (!Number.isSafeInteger(fen) || fen <= 0) throw new RangeError(`not a positive whole number of fen: ${fen}`);
  return fen;
}
