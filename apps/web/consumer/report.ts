import type { ReportCategory } from '@water/contract/public-machines';
import { ApiFailure, api } from './api.ts';
import { choices, fill, h } from './dom.ts';
import { heldOrders } from './order-store.ts';
import type { PageData } from './page-data.ts';
import { resizedPhoto } from './photo.ts';

/** The contract's categories (REPORT_CATEGORIES), here so that the page's script carries no schema library. */
const REPORT_CATEGORIES: readonly ReportCategory[] = ['NO_WATER', 'TOOK_MONEY', 'BAD_TASTE', 'DIRTY', 'OTHER'];

/** A failure in the consumer's words. */
export function failureText(data: PageData, error: unknown): string {
  const t = data.texts;
  if (error instanceof ApiFailure && error.status === 0) return t.offline;
  if (error instanceof ApiFailure && error.status === 429) return t.tooMany;
  return fill(t.failed, { message: error instanceof Error ? error.message : String(error) });
}

/** "Report a problem": a category, a note, a photo and a phone; "took my money" names a recent order. */
export function drawReport(section: HTMLElement, data: PageData): void {
  const t = data.texts;
  const code = data.machine.code;
  let category: ReportCategory = 'NO_WATER';
  const orders = heldOrders(code);
  const orderSelect = h(
    'select',
    { name: 'orderNo', id: 'report-order' },
    ...orders.map((order) => h('option', { value: order.orderNo }, order.orderNo)),
  );
  const orderField = h(
    'label',
    { className: 'field', hidden: true },
    h('span', {}, t.whichOrder),
    orders.length > 0 ? orderSelect : h('span', { className: 'muted' }, t.noRecentOrder),
  );
  const note = h('textarea', { name: 'note', maxLength: 500, rows: 3 });
  const phone = h('input', { name: 'phone', type: 'tel', inputMode: 'tel', maxLength: 11, autocomplete: 'tel' });
  // The browser's own file button speaks the phone's language, not the page's: it lies under ours.
  const photoName = h('span', { className: 'muted' }, t.noPhoto);
  const photo = h('input', { name: 'photo', type: 'file', accept: 'image/*', 'aria-label': t.photo });
  photo.addEventListener('change', () => {
    photoName.textContent = photo.files?.[0]?.name ?? t.noPhoto;
  });
  const outcome = h('p', { className: 'outcome', role: 'status' });
  const send = h('button', { type: 'submit', className: 'primary' }, t.send);

  const form = h(
    'form',
    {
      onsubmit: async (event: Event) => {
        event.preventDefault();
        send.disabled = true;
        outcome.textContent = '';
        try {
          const file = photo.files?.[0];
          const order =
            category === 'TOOK_MONEY' ? orders.find((held) => held.orderNo === orderSelect.value) : undefined;
          const { reportNo } = await api.report(code, {
            category,
            ...(note.value.trim() && { note: note.value.trim() }),
            ...(phone.value.trim() && { phone: phone.value.trim() }),
            ...(order && { orderNo: order.orderNo, orderToken: order.accessToken }),
            ...(file && { photo: await resizedPhoto(file) }),
          });
          form.reset();
          photoName.textContent = t.noPhoto;
          outcome.textContent = fill(t.sent, { reportNo });
        } catch (error) {
          outcome.textContent = failureText(data, error);
        } finally {
          send.disabled = false;
        }
      },
    },
    choices(
      'category',
      REPORT_CATEGORIES.map((value) => ({ value, label: t.categories[value] })),
      category,
      (value) => {
        category = value;
        orderField.hidden = value !== 'TOOK_MONEY';
      },
    ),
    orderField,
    h('label', { className: 'field' }, h('span', {}, t.note), note),
    h(
      'label',
      { className: 'field photo' },
      h('span', {}, t.photo),
      photo,
      h('span', { className: 'photo-button', 'aria-hidden': 'true' }, t.choosePhoto),
      photoName,
    ),
    h('label', { className: 'field' }, h('span', {}, t.contactPhone), phone),
    send,
    outcome,
  );
  section.replaceChildren(h('h2', {}, t.report), form);
  section.hidden = false;
}
