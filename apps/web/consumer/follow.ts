import { api, type PublicOrder } from './api.ts';
import { fill, h, yuan } from './dom.ts';
import type { PageData } from './page-data.ts';
import { failureText } from './report.ts';

/** States after which nothing more happens to an order. */
const FINAL = new Set(['COMPLETED', 'CLOSED', 'REFUNDED', 'PARTIALLY_REFUNDED']);
const POLL_MS = 1000;

type StateTexts = PageData['texts']['states'];
type ReasonTexts = PageData['texts']['refundReasons'];

/**
 * Follows an order live (its state every second) until nothing more happens to it: waiting for
 * payment, paid, dispensing (with Stop for a fill until stopped), done, refunded with the reason.
 */
export function followOrder(section: HTMLElement, data: PageData, orderNo: string, token: string, again: () => void) {
  const t = data.texts;
  const state = h('p', { className: 'state', role: 'status', 'aria-live': 'polite' });
  const detail = h('p', { className: 'muted' });
  const stop = h('button', { type: 'button', className: 'stop', hidden: true }, t.stop);
  const buyAgain = h('button', { type: 'button', className: 'primary', hidden: true, onclick: again }, t.newOrder);
  let timer: number | undefined;
  stop.addEventListener('click', async () => {
    stop.disabled = true;
    try {
      await api.stop(orderNo, token);
    } catch (error) {
      detail.textContent = failureText(data, error);
      stop.disabled = false;
    }
  });
  section.replaceChildren(h('h2', {}, fill(t.order, { orderNo })), state, detail, stop, buyAgain);
  section.hidden = false;

  const show = (order: PublicOrder) => {
    const text = t.states[order.state as keyof StateTexts];
    state.textContent = text ? fill(text, { tap: order.tap }) : order.state;
    state.dataset.state = order.state;
    const lines: string[] = [];
    if (order.dispensedMl !== null && order.dispensedMl > 0) lines.push(fill(t.dispensed, { ml: order.dispensedMl }));
    if (order.refunded > 0) {
      const reason = order.refundReason ? (t.refundReasons[order.refundReason as keyof ReasonTexts] ?? '') : '';
      lines.push(fill(t.refundedAmount, { amount: yuan(order.refunded), reason }));
    }
    detail.textContent = lines.join(' · ');
    stop.hidden = !(order.fillUntilStop && order.state === 'DISPENSING');
    buyAgain.hidden = !FINAL.has(order.state);
    return FINAL.has(order.state);
  };

  const poll = async () => {
    try {
      if (show(await api.follow(orderNo, token))) return;
    } catch (error) {
      detail.textContent = failureText(data, error);
    }
    timer = window.setTimeout(poll, POLL_MS);
  };
  void poll();
  return () => window.clearTimeout(timer);
}
