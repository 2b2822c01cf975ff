// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Agent } from '@water/contract/agents';
import type { Card, CardLiability } from '@water/contract/cards';
import { asFen } from '@water/contract/money';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUpPage, renderPage, serveWith } from '@/test/render-page.tsx';
import { WaterCardsPage } from './water-cards-page.tsx';

const card = (id: number, overrides: Partial<Card> = {}): Card => ({
  id,
  cardNo: `800000000000000${id}`,
  agentId: 7,
  agentName: 'Guangdong Water',
  kind: 'ANONYMOUS',
  memberPhone: null,
  state: 'ACTIVE',
  principal: asFen(1_000),
  bonus: asFen(100),
  balance: asFen(1_100),
  perUseLimit: null,
  perDayLimit: null,
  batchNo: 'CB2611230900001234',
  replacesNo: null,
  replacedByNo: null,
  createBy: 'admin',
  createTime: '2026-11-23 09:00:00',
  updateTime: '2026-11-23 09:00:00',
  ...overrides,
});

const liability: CardLiability = {
  agentId: 7,
  agentName: 'Guangdong Water',
  cards: 2,
  principal: asFen(1_500),
  bonus: asFen(100),
  total: asFen(1_600),
  ledgerPrincipal: asFen(1_500),
  ledgerBonus: asFen(100),
  reserve: asFen(200),
  reserveRequired: asFen(320),
  reserveShort: true,
};

const calls: InternalAxiosRequestConfig[] = [];
const sent = (url: string) => {
  const call = calls.find((each) => each.url === url && each.method !== 'get');
  return call && JSON.parse((call.data as string | undefined) ?? 'null');
};

function serve() {
  serveWith((config) => {
    calls.push(config);
    if (config.url === 'api/cards/rules') {
      return {
        bonusRules: [{ minTopUp: 10_000, bonus: 500 }],
        reserveSharePct: 20,
        caps: { NAMED: 500_000, ANONYMOUS: 100_000 },
      };
    }
    if (config.url === 'api/cards/liabilities') return { content: [liability], totalElements: 1 };
    if (config.url === 'api/agents')
      return { content: [{ id: 7, code: 'GD', name: 'Guangdong Water' } as Agent], totalElements: 1 };
    if (config.url === 'api/cards/batches') {
      return {
        batchNo: 'CB2611231000005678',
        cards: [
          { id: 11, cardNo: '8000000000000011', secret: 'K7QX2MABCD23', memberPhone: null },
          { id: 12, cardNo: '8000000000000012', secret: 'P9RT4NEFGH45', memberPhone: null },
        ],
      };
    }
    if (config.url === 'api/cards/1/state') return card(1, { state: 'FROZEN' });
    if (config.url === 'api/cards/2/reissue') {
      return { card: card(3, { cardNo: '8000000000000003', replacesNo: '8000000000000002' }), secret: 'NEWSECRET234' };
    }
    if (config.url === 'api/cards/1/top-ups') return { card: card(1), principal: 20_000, bonus: 500 };
    return {
      content: [card(1), card(2, { state: 'FROZEN', kind: 'NAMED', memberPhone: '139****0001' })],
      totalElements: 2,
    };
  });
}

/** The confirmation dialog asking a question. */
const confirmation = async (question: string) =>
  (await screen.findAllByText(question))[0]?.closest('.ant-modal') as HTMLElement;

afterEach(() => {
  cleanUpPage();
  calls.length = 0;
});

const EVERYTHING = ['card:list', 'card:add', 'card:topup', 'card:edit', 'agent:list'];

describe('WaterCardsPage', () => {
  it('lists the cards and freezes one only once confirmed; a frozen one is reissued, its new secret shown once', async () => {
    serve();
    renderPage(<WaterCardsPage />, EVERYTHING);
    const table = await screen.findByRole('region', { name: 'Water cards' });
    await within(table).findByText('8000000000000001', {}, { timeout: 5000 });
    const row = (cardNo: string) => within(table).getByText(cardNo).closest('tr') as HTMLElement;
    expect(within(row('8000000000000001')).getByText('Active')).toBeTruthy();
    expect(within(row('8000000000000001')).getByText('CN¥11.00')).toBeTruthy();
    expect(within(row('8000000000000002')).getByText('Named')).toBeTruthy();

    fireEvent.click(within(row('8000000000000001')).getByLabelText('Freeze 8000000000000001'));
    const question = await confirmation('Freeze card 8000000000000001?');
    expect(sent('api/cards/1/state')).toBeUndefined();
    fireEvent.click(within(question).getByRole('button', { name: 'Freeze' }));
    await waitFor(() => expect(sent('api/cards/1/state')).toEqual({ action: 'FREEZE' }));

    // A frozen card is unfrozen or reissued, never frozen again.
    const frozen = row('8000000000000002');
    expect(within(frozen).queryByLabelText('Freeze 8000000000000002')).toBeNull();
    expect(within(frozen).getByLabelText('Unfreeze 8000000000000002')).toBeTruthy();
    expect(
      (within(row('8000000000000001')).getByLabelText('Reissue 8000000000000001') as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.click(within(frozen).getByLabelText('Reissue 8000000000000002'));
    const reissue = await confirmation('Reissue card 8000000000000002?');
    expect(within(reissue).getByText(/takes the whole balance \(CN¥11\.00\)/)).toBeTruthy();
    fireEvent.click(within(reissue).getByRole('button', { name: 'Reissue' }));
    expect(await screen.findByText('NEWSECRET234')).toBeTruthy();
    expect(screen.getByText(/shown only now/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Download the cards and secrets/ })).toBeTruthy();
  });

  it('issues a batch of anonymous cards for an agent and shows their secrets with a CSV to keep', async () => {
    serve();
    renderPage(<WaterCardsPage />, EVERYTHING);
    fireEvent.click(await screen.findByRole('button', { name: 'Issue cards' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByLabelText('Agent'));
    fireEvent.click(await screen.findByText('Guangdong Water', { selector: '.ant-select-item-option-content' }));
    fireEvent.change(within(dialog).getByLabelText('How many'), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByLabelText('Per-use limit'), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Issue cards' }));
    expect(await screen.findByText('K7QX2MABCD23')).toBeTruthy();
    expect(screen.getByText('P9RT4NEFGH45')).toBeTruthy();
    expect(sent('api/cards/batches')).toEqual({ agentId: 7, count: 2, perUseLimit: 500, perDayLimit: null });
  });

  it('previews a top-up’s bonus and balance, and sends it with its own key once', async () => {
    serve();
    renderPage(<WaterCardsPage />, ['card:list', 'card:topup']);
    const table = await screen.findByRole('region', { name: 'Water cards' });
    await within(table).findByText('8000000000000001', {}, { timeout: 5000 });
    // Without card:add or card:edit, neither issuing nor freezing is offered.
    expect(screen.queryByRole('button', { name: 'Issue cards' })).toBeNull();
    expect(within(table).queryByLabelText('Freeze 8000000000000001')).toBeNull();
    fireEvent.click(within(table).getByLabelText('Top up 8000000000000001'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Amount paid (yuan)'), { target: { value: '200' } });
    expect(await within(dialog).findByText('Bonus by the rules: CN¥5.00; balance after: CN¥216.00')).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText('WeChat Pay'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Top up' }));
    await waitFor(() => expect(sent('api/cards/1/top-ups')).toMatchObject({ amount: 20_000, channel: 'WECHAT' }));
    expect(sent('api/cards/1/top-ups').requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows each agent’s liabilities with the reserve warning', async () => {
    serve();
    renderPage(<WaterCardsPage />, ['card:list']);
    fireEvent.click(await screen.findByRole('tab', { name: 'Liabilities' }));
    const table = await screen.findByRole('region', { name: 'Card liabilities by agent' });
    await within(table).findByText('Guangdong Water', {}, { timeout: 5000 });
    expect(within(table).getByText('Short by CN¥1.20')).toBeTruthy();
    expect(screen.getByText(/should cover 20 % of its card balances/)).toBeTruthy();
    expect(screen.getByText('Top-up bonuses: From CN¥100.00: CN¥5.00 bonus')).toBeTruthy();
  });
});
