import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

/** Letters and digits that cannot be mistaken for one another when read off a card. */
const SECRET_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const SECRET_LENGTH = 12;

/** The Luhn check digit of a number's digits, so that a mistyped card number is seen at once. */
export function luhnDigit(digits: string): string {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

/** A card number: 16 digits, `8` first and a Luhn check digit last. */
export function newCardNo(): string {
  let body = '8';
  for (let index = 0; index < 14; index++) body += String(randomInt(10));
  return body + luhnDigit(body);
}

/** A card's secret: 12 letters and digits (about 60 bits), read in any case. */
export function newCardSecret(): string {
  let secret = '';
  for (let index = 0; index < SECRET_LENGTH; index++) secret += SECRET_ALPHABET[randomInt(SECRET_ALPHABET.length)];
  return secret;
}

/** What the server keeps of a card's secret. */
export function cardSecretHash(cardNo: string, secret: string): string {
  return createHash('sha256').update(`water-card-v1:${cardNo}:${secret.toUpperCase()}`).digest('hex');
}

/** Whether a secret is the card's, compared in constant time. */
export function secretMatches(card: { cardNo: string; secretHash: string }, secret: string): boolean {
  const given = Buffer.from(cardSecretHash(card.cardNo, secret), 'hex');
  const kept = Buffer.from(card.secretHash, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}
