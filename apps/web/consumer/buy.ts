import { ApiFailure, api, type BuyInput, type Channel, type MadeOrder } from './api.ts';
import { choices, fill, h, yuan } from './dom.ts';
import { holdOrder } from './order-store.ts';
import type { PageData } from './page-data.ts';
import { failureText } from './report.ts';
import { drawSignIn } from './sign-in.ts';

declare global {
  interface Window {
    WeixinJSBridge?: { invoke(name: string, params: object, done: (answer: { err_msg?: string }) => void): void };
  }
}

const QUOTE_DELAY_MS = 250;

/** Goes where the channel's answer says: its page, WeChat's own payment sheet, or nowhere (paid already). */
function pay(payment: MadeOrder['payment'], then: () => void): void {
  if (payment?.kind === 'REDIRECT') {
    window.location.assign(payment.url);
  } else if (payment?.kind === 'WECHAT_BRIDGE' && window.WeixinJSBridge) {
    window.WeixinJSBridge.invoke('getBrandWCPayRequest', payment.params, () => then());
  } else {
    then();
  }
}

/**
 * Buying: tap, water and volume (or a fill until stopped), the payable as the server quotes it,
 * the channel, then paying; the order is kept on the phone and followed.
 */
export function drawBuy(section: HTMLElement, data: PageData, follow: (orderNo: string, token: string) => void): void {
  const t = data.texts;
  const machine = data.machine;
  const channels: Channel[] = [...machine.channels, ...(machine.cards ? (['CARD'] as const) : [])];
  const first = machine.taps[0];
  if (!machine.selling || !first || machine.unitPrices === null) {
    section.hidden = true;
    return;
  }
  const input: BuyInput = {
    tap: first.tap,
    waterType: first.waterTypes[0] ?? 'COLD',
    ml: machine.volumesMl.includes(1500) ? 1500 : machine.volumesMl[0],
    channel: channels[0] ?? 'WECHAT',
  };
  const quoted = h('div', { className: 'quote', 'aria-live': 'polite' });
  const payButton = h('button', { type: 'submit', className: 'primary pay' }, '…');
  const outcome = h('p', { className: 'outcome', role: 'status' });
  const cardNo = h('input', { name: 'cardNo', inputMode: 'numeric', maxLength: 32, autocomplete: 'off' });
  const cardSecret = h('input', { name: 'cardSecret', type: 'password', maxLength: 32, autocomplete: 'off' });
  const cardFields = h(
    'div',
    { hidden: input.channel !== 'CARD' },
    h('label', { className: 'field' }, h('span', {}, t.cardNo), cardNo),
    h('label', { className: 'field' }, h('span', {}, t.cardSecret), cardSecret),
  );
  let timer: number | undefined;
  let asked = 0;

  const requote = () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(async () => {
      const mine = ++asked;
      try {
        const quote = await api.quote(machine.code, input);
        if (mine !== asked) return;
        const rows: [string, number][] = [[t.listAmount, quote.listAmount]];
        if (quote.discountAmount > 0) rows.push([t.discount, -quote.discountAmount]);
        if (quote.couponAmount > 0) rows.push([t.coupon, -quote.couponAmount]);
        rows.push([t.payable, quote.payable]);
        quoted.replaceChildren(
          ...rows.map(([label, fen]) => h('p', {}, h('span', {}, label), h('b', {}, `¥${yuan(fen)}`))),
        );
        payButton.textContent = fill(input.fillUntilStop ? t.payUpTo : t.pay, { amount: yuan(quote.payable) });
      } catch (error) {
        if (mine !== asked) return;
        // No quote to be had here (paying on the page is not offered): the machine's own screen sells.
        const text = error instanceof ApiFailure && error.status === 404 ? t.noChannel : failureText(data, error);
        quoted.replaceChildren(h('p', { className: 'muted' }, text));
      }
    }, QUOTE_DELAY_MS);
  };
  const change = (apply: () => void) => {
    apply();
    requote();
  };

  const tapChoice =
    machine.taps.length > 1
      ? h(
          'fieldset',
          {},
          h('legend', {}, t.chooseTap),
          choices(
            'tap',
            machine.taps.map(({ tap }) => ({ value: tap, label: fill(t.tap, { tap }) })),
            input.tap,
            (tap) => change(() => (input.tap = tap)),
          ),
        )
      : null;
  const volumes = [
    ...machine.volumesMl.map((ml) => ({ value: String(ml), label: fill(t.litres, { litres: ml / 1000 }) })),
    ...(machine.fillUntilStop ? [{ value: 'STOP', label: t.fillUntilStop }] : []),
  ];
  const form = h(
    'form',
    {
      onsubmit: async (event: Event) => {
        event.preventDefault();
        payButton.disabled = true;
        outcome.textContent = '';
        try {
          const card =
            input.channel === 'CARD' ? { card: { cardNo: cardNo.value.trim(), cardSecret: cardSecret.value } } : {};
          const made = await api.order(machine.code, { ...input, ...card });
          holdOrder(machine.code, { orderNo: made.orderNo, accessToken: made.accessToken });
          const url = new URL(window.location.href);
          url.searchParams.set('order', made.orderNo);
          window.history.replaceState(null, '', url);
          pay(made.payment, () => follow(made.orderNo, made.accessToken));
        } catch (error) {
          outcome.textContent = failureText(data, error);
        } finally {
          payButton.disabled = false;
        }
      },
    },
    tapChoice,
    h(
      'fieldset',
      {},
      h('legend', {}, t.chooseWater),
      choices(
        'water',
        first.waterTypes.map((water) => ({ value: water, label: t.waterTypes[water] })),
        input.waterType,
        (water) => change(() => (input.waterType = water)),
      ),
    ),
    h(
      'fieldset',
      {},
      h('legend', {}, t.chooseVolume),
      choices('volume', volumes, String(input.ml), (value) =>
        change(() => {
          if (value === 'STOP') {
            delete input.ml;
            input.fillUntilStop = true;
          } else {
            input.ml = Number(value);
            delete input.fillUntilStop;
          }
        }),
      ),
    ),
    h(
      'fieldset',
      {},
      h('legend', {}, t.channel),
      channels.length > 0
        ? choices(
            'channel',
            channels.map((channel) => ({ value: channel, label: t.channels[channel] })),
            input.channel,
            (channel) =>
              change(() => {
                input.channel = channel;
                cardFields.hidden = channel !== 'CARD';
              }),
          )
        : h('p', { className: 'muted' }, t.noChannel),
    ),
    cardFields,
    drawSignIn(data, (couponId) =>
      change(() => {
        if (couponId === undefined) delete input.couponId;
        else input.couponId = couponId;
      }),
    ),
    quoted,
    channels.length > 0 ? payButton : null,
    outcome,
  );
  section.replaceChildren(h('h2', {}, t.buy), form);
  section.hidden = false;
  requote();
}
