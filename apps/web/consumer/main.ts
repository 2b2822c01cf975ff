import './page.css';
import { speakIn } from './api.ts';
import { drawBuy } from './buy.ts';
import { followOrder } from './follow.ts';
import { heldOrders, tokenOf } from './order-store.ts';
import { readPageData } from './page-data.ts';
import { drawReport } from './report.ts';

/** An order this recent is resumed when the page opens again without naming one. */
const RESUME_MS = 15 * 60_000;

const data = readPageData();
const buy = document.getElementById('buy');
const report = document.getElementById('report');
if (data && buy && report) {
  speakIn(data.texts.lang);
  const code = data.machine.code;
  let stopFollowing: (() => void) | undefined;
  const shop = () => {
    stopFollowing?.();
    const url = new URL(window.location.href);
    url.searchParams.delete('order');
    window.history.replaceState(null, '', url);
    drawBuy(buy, data, follow);
  };
  const follow = (orderNo: string, token: string) => {
    stopFollowing?.();
    stopFollowing = followOrder(buy, data, orderNo, token, () => {
      shop();
      drawReport(report, data);
    });
    // "Took my money" offers the order just made.
    drawReport(report, data);
  };
  // Back from the channel's page (`?order=`), or reopened soon after buying: follow that order.
  const named = new URL(window.location.href).searchParams.get('order');
  const recent = heldOrders(code).find((order) => Date.now() - order.at < RESUME_MS);
  const token = named ? tokenOf(code, named) : undefined;
  if (named && token) follow(named, token);
  else if (!named && recent) follow(recent.orderNo, recent.accessToken);
  else shop();
  drawReport(report, data);
}
