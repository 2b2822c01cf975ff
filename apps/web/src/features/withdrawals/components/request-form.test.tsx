// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { asFen } from '@water/contract/money';
import { withdrawalsLocales } from '@water/contract/texts/withdrawals';
import type { AgentBalance, WithdrawalTerms } from '@water/contract/withdrawals';
import { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { cleanUpPage, renderPage, serveWith } from '@/test/render-page.tsx';
import { RequestForm } from './request-form.tsx';

addPageTexts('withdrawals', withdrawalsLocales);

const agent: AgentBalance = {
  agentId: 7,
  agentName: 'North Water',
  agentCode: 'NW',
  settlementAccount: 'ICBC 6222 0001',
  available: asFen(10_000),
  held: asFen(0),
  inTransit: asFen(0),
  paidOut: asFen(0),
};
/** CN¥0.50 and 1 % a withdrawal, at least CN¥10.00. */
const terms: WithdrawalTerms = { minimum: asFen(1000), feeFixed: asFen(50), feePercent: '1' };

const sent: InternalAxiosRequestConfig[] = [];

function serve(refuse?: () => never) {
  serveWith((config) => {
    if (config.url === 'api/withdrawals/terms') return terms;
    if (config.method === 'post') {
      sent.push(config);
      if (refuse) refuse();
      return { id: 1 };
    }
    throw new Error(`unexpected ${config.method} ${config.url}`);
  });
}

async function typeAmount(yuan: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Withdraw from North Water' }, { timeout: 5000 });
  await within(dialog).findByText('Fee: CN¥0.50 + 1%.', {}, { timeout: 5000 });
  fireEvent.change(within(dialog).getByLabelText('Amount (yuan)'), { target: { value: yuan } });
  return dialog;
}

/**
 * The confirmation asked, found by its question (antd's confirmation dialogs have no accessible
 * name); one answered before may still be leaving.
 */
async function question(title: string) {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = screen
      .getAllByText(title)
      .map((text) => text.closest('[role="dialog"]') as HTMLElement)
      .find((dialog) => !dialog.className.includes('leave'));
    expect(found).toBeDefined();
  });
  return found as HTMLElement;
}

afterEach(() => {
  cleanUpPage();
  sent.length = 0;
});

describe('RequestForm', () => {
  it('shows the fee and what reaches the account as the amount in yuan is typed, and sends it in fen once confirmed', async () => {
    serve();
    renderPage(<RequestForm agent={agent} session={1} onClose={() => undefined} />, ['withdrawal:add']);
    const dialog = await typeAmount('12.34');
    expect(within(dialog).getByText('Available: CN¥100.00')).toBeTruthy();
    expect(within(dialog).getByText('At least CN¥10.00 per withdrawal.')).toBeTruthy();
    // 1 % of 1,234 fen is 12.34 fen, 12; with the fixed 50 fen, 62 fen: CN¥11.72 reaches the account.
    await within(dialog).findByText('CN¥0.62');
    expect(within(dialog).getByText('CN¥11.72')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: '  November  ' } });

    fireEvent.click(within(dialog).getByRole('button', { name: /Request a withdrawal/ }));
    const asked = await question('Withdraw CN¥12.34 from North Water?');
    expect(within(asked).getByText(/CN¥11\.72 reaches ICBC 6222 0001 after a fee of CN¥0\.62/)).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.click(within(asked).getByRole('button', { name: /Request a withdrawal/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.url).toBe('api/withdrawals');
    expect(JSON.parse(sent[0]?.data as string)).toEqual({ agentId: 7, amount: 1234, note: 'November' });
    expect(await screen.findByText('Withdrawal requested')).toBeTruthy();
  });

  it('sends nothing when the question is not confirmed, and shows the server’s refusal under the amount', async () => {
    serve(() => {
      throw new AxiosError('Bad Request', '400', undefined, undefined, {
        status: 400,
        data: {
          status: 400,
          message: 'amount: at most 30.00 yuan is available',
          timestamp: 1,
          code: 'VALIDATION_FAILED',
          errors: [
            { field: 'amount', code: 'too_large', message: 'at most 30.00 yuan is available', params: { limit: 3000 } },
          ],
        },
      } as never);
    });
    renderPage(<RequestForm agent={agent} session={1} onClose={() => undefined} />, ['withdrawal:add']);
    const dialog = await typeAmount('50');
    await within(dialog).findByText('CN¥1.00');
    fireEvent.click(within(dialog).getByRole('button', { name: /Request a withdrawal/ }));
    fireEvent.click(
      within(await question('Withdraw CN¥50.00 from North Water?')).getByRole('button', { name: 'Cancel' }),
    );
    expect(sent).toEqual([]);
    expect((within(dialog).getByLabelText('Amount (yuan)') as HTMLInputElement).value).toBe('50.00');

    const submit = within(dialog).getByRole('button', { name: /Request a withdrawal/ });
    await waitFor(() => expect(submit.className).not.toContain('ant-btn-loading'));
    fireEvent.click(submit);
    const again = await question('Withdraw CN¥50.00 from North Water?');
    fireEvent.click(within(again).getByRole('button', { name: /Request a withdrawal/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(await within(dialog).findByText(/CN¥30\.00/, {}, { timeout: 5000 })).toBeTruthy();
  });
});
