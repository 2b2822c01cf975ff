/**
 * Field rules of the specification (§5), as patterns the server schemas embed and as predicates
 * the web forms call.
 */

export const PHONE_PATTERN = '^1\\d{10}$';
export const EMAIL_PATTERN = '^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,}$';
export const EXTERNAL_LINK_PATTERN = '^(https?:|mailto:|tel:)';

const phone = new RegExp(PHONE_PATTERN);
const email = new RegExp(EMAIL_PATTERN);
const external = new RegExp(EXTERNAL_LINK_PATTERN);

export function isPhone(value: string): boolean {
  return phone.test(value);
}

export function isEmail(value: string): boolean {
  return email.test(value);
}

export function isExternalLink(value: string): boolean {
  return external.test(value);
}
