import { isEmail, isExternalLink, isPhone } from '@water/contract/validators';

/** An antd form rule (the subset used here, so this file needs no antd import). */
export interface ValueRule {
  validator: (rule: unknown, value: unknown) => Promise<void>;
}

function ruleOf(test: (value: string) => boolean, message: string): ValueRule {
  return {
    // Empty values are the `required` rule's business, not this one's.
    validator: (_rule, value) =>
      value === undefined || value === null || value === '' || (typeof value === 'string' && test(value))
        ? Promise.resolve()
        : Promise.reject(new Error(message)),
  };
}

/**
 * A confirmation that must repeat another field of the form (a new password typed twice); the
 * field goes in the item's `dependencies`, so a change of either checks again.
 */
export function sameAsRule(field: string, message: string) {
  return ({ getFieldValue }: { getFieldValue: (name: string) => unknown }): ValueRule => ({
    validator: async (_rule, value) => {
      if (value && value !== getFieldValue(field)) throw new Error(message);
    },
  });
}

/** Spec §5, for antd forms: `rules={[phoneRule(t('...'))]}`; the same predicates the server schemas use. */
export const phoneRule = (message: string) => ruleOf(isPhone, message);
export const emailRule = (message: string) => ruleOf(isEmail, message);
export const externalLinkRule = (message: string) => ruleOf(isExternalLink, message);
