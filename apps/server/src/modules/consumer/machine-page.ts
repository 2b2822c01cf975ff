import type { PublicMachine } from '@water/contract/public-machines';
import { type ConsumerPageTexts, consumerPageLocales } from '@water/contract/texts/consumer-page';

export type PageLanguage = 'zh' | 'en';

/** The page's script and styles from the web build; absent when the server runs without it (tests, API only). */
export interface PageAssets {
  script?: string;
  css?: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** JSON inside a `<script type="application/json">`: nothing in it can close the element. */
const embeddedJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/** A text with its `{{values}}` put in (escaped for HTML). */
function fill(text: string, values: Record<string, string | number> = {}): string {
  return escapeHtml(text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? '')));
}

/** Fen as yuan with two decimals. */
export const yuan = (fen: number) => (fen / 100).toFixed(2);

function shell(language: PageLanguage, title: string, body: string, assets: PageAssets, data?: unknown): string {
  const t = consumerPageLocales[language];
  const other = language === 'zh' ? 'en' : 'zh';
  return `<!doctype html>
<html lang="${t.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#1677ff">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
${assets.css ? `<style>${assets.css}</style>` : ''}
</head>
<body>
<header class="top"><span class="brand">${escapeHtml(title)}</span><a class="lang" href="?lang=${other}" hreflang="${other}">${escapeHtml(t.switchLanguage)}</a></header>
<main>
${body}
</main>
${data === undefined ? '' : `<script type="application/json" id="page-data">${embeddedJson(data)}</script>`}
${assets.script ? `<script type="module" src="${escapeHtml(assets.script)}"></script>` : ''}
</body>
</html>`;
}

function priceRows(machine: PublicMachine, t: ConsumerPageTexts): string {
  const prices = machine.unitPrices;
  if (!prices) return `<p class="muted">${escapeHtml(t.noPrice)}</p>`;
  const rows = machine.taps.flatMap(({ tap, waterTypes }) =>
    waterTypes.map(
      (water) =>
        `<tr><th scope="row">${fill(t.tap, { tap })} · ${escapeHtml(t.waterTypes[water])}</th><td class="price">${fill(t.perLitre, { price: yuan(prices.WECHAT) })}</td></tr>`,
    ),
  );
  const extras = [
    machine.cards && prices.CARD !== prices.WECHAT ? fill(t.cardPrice, { price: yuan(prices.CARD) }) : '',
    machine.memberPrice !== null ? fill(t.memberPrice, { price: yuan(machine.memberPrice) }) : '',
  ].filter(Boolean);
  return `<table class="prices">${rows.join('')}</table>${extras.length > 0 ? `<p class="muted">${extras.join(' · ')}</p>` : ''}`;
}

/** The machine's page as the server draws it: everything a consumer reads, before any script runs. */
export function machinePage(machine: PublicMachine, language: PageLanguage, assets: PageAssets): string {
  const t = consumerPageLocales[language];
  const status = machine.selling
    ? `<p class="status ok" id="status">${escapeHtml(t.selling)}</p>`
    : `<p class="status off" id="status">${escapeHtml(t.notSelling[machine.notSelling ?? 'MAINTENANCE'])}</p>`;
  const water = machine.water;
  const waterText =
    water.tdsOut === null || water.verdict === null
      ? `<p class="muted">${escapeHtml(t.noReading)}</p>`
      : `<p><strong class="verdict v-${water.verdict.toLowerCase()}">${escapeHtml(t.verdicts[water.verdict])}</strong> <span>${fill(t.tds, { tds: water.tdsOut })}</span>${water.at ? ` <span class="muted">${fill(t.measuredAt, { at: water.at.slice(0, 16) })}</span>` : ''}</p>`;
  const phone = machine.servicePhone
    ? `<a class="tel" href="tel:${escapeHtml(machine.servicePhone.replace(/[^0-9+]/g, ''))}">${fill(t.call, { phone: machine.servicePhone })}</a>`
    : `<span class="muted">${escapeHtml(t.noService)}</span>`;
  const body = `<section class="card machine">
<h1>${escapeHtml(machine.siteName)}</h1>
<p class="muted">${escapeHtml(machine.name)} · ${escapeHtml(machine.code)}${machine.siteAddress ? `<br>${escapeHtml(machine.siteAddress)}` : ''}</p>
${status}
</section>
<section class="card"><h2>${escapeHtml(t.prices)}</h2>${priceRows(machine, t)}</section>
<section class="card" id="buy" hidden></section>
<section class="card"><h2>${escapeHtml(t.water)}</h2>${waterText}
<h2>${escapeHtml(t.filters)}</h2><p>${machine.filtersChangedOn ? escapeHtml(machine.filtersChangedOn) : `<span class="muted">${escapeHtml(t.filtersUnknown)}</span>`}</p>
<h2>${escapeHtml(t.service)}</h2><p>${phone}</p></section>
<section class="card" id="report" hidden></section>`;
  return shell(language, fill(t.title, { code: machine.code }), body, assets, { machine, language, texts: t });
}

/** The page of a code no installed machine answers to. */
export function notFoundPage(language: PageLanguage, assets: PageAssets): string {
  const t = consumerPageLocales[language];
  const other = consumerPageLocales[language === 'zh' ? 'en' : 'zh'];
  const body = `<section class="card"><h1>${escapeHtml(t.notFoundTitle)}</h1><p>${escapeHtml(t.notFound)}</p>
<p class="muted" lang="${other.lang}">${escapeHtml(other.notFoundTitle)}: ${escapeHtml(other.notFound)}</p></section>`;
  return shell(language, t.notFoundTitle, body, { css: assets.css });
}
