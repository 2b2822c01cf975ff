import { api, type Coupon, consumerToken } from './api.ts';
import { fill, h, yuan } from './dom.ts';
import type { PageData } from './page-data.ts';
import { failureText } from './report.ts';

/**
 * Signing in by phone with a one-time code (optional): then the consumer's cards and balances,
 * the coupons usable at this machine (one may be chosen) and those to claim.
 */
export function drawSignIn(data: PageData, onCoupon: (couponId: number | undefined) => void): HTMLElement {
  const t = data.texts;
  const box = h('div', { className: 'sign-in' });

  const signedIn = async () => {
    const [me, coupons] = await Promise.all([api.me(), api.coupons(data.machine.code)]);
    const select = h(
      'select',
      { name: 'coupon', onchange: () => onCoupon(select.value ? Number(select.value) : undefined) },
      h('option', { value: '' }, coupons.usable.length > 0 ? '—' : t.noCoupon),
      ...coupons.usable.map((coupon: Coupon) => h('option', { value: String(coupon.id) }, coupon.name)),
    );
    const claimable = coupons.claimable.map((coupon) =>
      h(
        'li',
        {},
        `${coupon.name} `,
        h(
          'button',
          {
            type: 'button',
            onclick: async () => {
              await api.claim(coupon.id);
              await signedIn();
            },
          },
          t.claim,
        ),
      ),
    );
    box.replaceChildren(
      h('p', {}, fill(t.signedInAs, { phone: me.phone })),
      ...me.cards.map((card) =>
        h('p', { className: 'muted' }, `${card.cardNo} · ${fill(t.balance, { amount: yuan(card.balance) })}`),
      ),
      h('label', { className: 'field' }, h('span', {}, `${t.coupons} · ${t.usable}`), select),
    );
    if (claimable.length > 0) box.append(h('div', {}, h('span', {}, t.claimable), h('ul', {}, ...claimable)));
  };

  const phone = h('input', {
    type: 'tel',
    inputMode: 'tel',
    maxLength: 11,
    autocomplete: 'tel',
    name: 'consumer-phone',
  });
  const code = h('input', { inputMode: 'numeric', maxLength: 6, autocomplete: 'one-time-code', name: 'consumer-code' });
  const outcome = h('p', { className: 'outcome', role: 'status' });
  const attempt = (work: () => Promise<unknown>) => async () => {
    outcome.textContent = '';
    try {
      await work();
    } catch (error) {
      outcome.textContent = failureText(data, error);
    }
  };
  const form = h(
    'details',
    {},
    h('summary', {}, t.signIn),
    h('label', { className: 'field' }, h('span', {}, t.phone), phone),
    h('button', { type: 'button', onclick: attempt(() => api.sendCode(phone.value.trim())) }, t.sendCode),
    h('label', { className: 'field' }, h('span', {}, t.code), code),
    h(
      'button',
      {
        type: 'button',
        onclick: attempt(async () => {
          await api.signIn(phone.value.trim(), code.value.trim());
          await signedIn();
        }),
      },
      t.signInButton,
    ),
    outcome,
  );
  box.append(form);
  if (consumerToken()) signedIn().catch(() => undefined);
  return box;
}
