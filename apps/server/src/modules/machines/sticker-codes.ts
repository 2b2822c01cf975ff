import { randomInt } from 'node:crypto';

/** Letters a person reads off a sticker without confusing them: no 0/O, 1/I/L. */
const STICKER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** 31 letters to the power of 8: about 40 bits, far beyond what the public page's rate limits let anyone try. */
const STICKER_LENGTH = 8;

/**
 * A new machine's sticker code, which consumers scan to open its page: random, so that no
 * machine's code can be guessed from another's (serial numbers are often sequential).
 */
export function newStickerCode(): string {
  let code = '';
  for (let index = 0; index < STICKER_LENGTH; index++) code += STICKER_ALPHABET[randomInt(STICKER_ALPHABET.length)];
  return code;
}
