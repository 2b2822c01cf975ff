import { paymentSandboxTexts } from '@water/contract/texts/payment-sandbox';
import type { SandboxPaymentRow } from './payments.repository.ts';

const htmlText = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const yuan = (fen: number) => `¥${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

/** The page's own rules: inline styles only, forms posting to itself, nothing else loaded. */
export const SANDBOX_PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/**
 * The sandbox's cashier page: amount, description, "no money moves", and the person's choices
 * (Pay, Cancel, Fail) as forms, on a phone's width. Chinese unless English is asked for.
 */
export function sandboxPage(payment: SandboxPaymentRow, lang: 'zh' | 'en'): string {
  const t = paymentSandboxTexts[lang];
  const other = lang === 'zh' ? 'en' : 'zh';
  const base = `/pay/sandbox/${payment.id}`;
  const button = (action: string, label: string, primary = false) =>
    `<form method="post" action="${base}/${action}?lang=${lang}"><button type="submit"${primary ? ' class="primary"' : ''}>${htmlText(label)}</button></form>`;
  const choices =
    payment.state === 'NOTPAY'
      ? [
          button('pay', t.pay, true),
          button('pay-refunds-fail', t.payRefundsFail),
          button('cancel', t.cancel),
          button('fail', t.fail),
        ].join('')
      : `<p class="state">${htmlText(t.states[payment.state])}</p>${
          payment.returnUrl ? `<a class="back" href="${htmlText(payment.returnUrl)}">${htmlText(t.back)}</a>` : ''
        }`;
  return `<!doctype html>
<html lang="${lang === 'zh' ? 'zh-CN' : 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${htmlText(t.title)}</title>
<style>
body{margin:0;font:16px/1.5 system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f3f4f6;color:#111827}
main{max-width:390px;margin:0 auto;padding:16px;box-sizing:border-box}
.banner{background:#fef3c7;color:#92400e;border-radius:8px;padding:8px 12px;font-weight:600;text-align:center}
.card{background:#fff;border-radius:12px;padding:16px;margin:16px 0}
.channel{color:#6b7280;margin:0}
.amount{font-size:36px;font-weight:700;margin:8px 0}
dl{margin:0}dt{color:#6b7280;font-size:14px}dd{margin:0 0 8px;word-break:break-all}
form{margin:0 0 12px}
button{width:100%;min-height:48px;border-radius:8px;border:1px solid #d1d5db;background:#fff;font-size:16px}
button.primary{background:#16a34a;border-color:#16a34a;color:#fff;font-weight:600}
.state{font-weight:600}.back{display:block;text-align:center;padding:12px}
.lang{display:block;text-align:right;font-size:14px}
</style>
</head>
<body>
<main>
<a class="lang" href="${base}?lang=${other}">${htmlText(t.otherLanguage)}</a>
<p class="banner" role="note">${htmlText(t.noMoney)}</p>
<section class="card" aria-label="${htmlText(t.title)}">
<p class="channel">${htmlText(t.channels[payment.channel])}</p>
<p class="amount" aria-label="${htmlText(t.amount)}">${yuan(payment.amount)}</p>
<dl><dt>${htmlText(t.description)}</dt><dd>${htmlText(payment.description)}</dd><dt>${htmlText(t.orderNo)}</dt><dd>${htmlText(payment.orderNo)}</dd></dl>
</section>
${choices}
</main>
</body>
</html>`;
}
