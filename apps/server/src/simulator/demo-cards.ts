import { asFen, type Fen } from '@water/contract/money';
import type { Principal } from '../domain/principal.ts';
import type { CardsService } from '../modules/cards/cards.service.ts';

/** The file, in the data directory, that lists the demo water cards with their secrets, for `npm run simulate`. */
export const DEMO_CARDS_FILE = 'demo-cards.json';

/** A water card as a machine reads it. */
export interface DemoCard {
  id: number;
  cardNo: string;
  cardSecret: string;
}

/** What a demo top-up adds: named cards hold more than anonymous ones. */
const TOP_UP: Record<'NAMED' | 'ANONYMOUS', Fen> = { NAMED: asFen(20_000), ANONYMOUS: asFen(10_000) };

/**
 * The demo's water cards, issued by an agent whose machines (and those beneath) take them: a named
 * card for each of the regulars given, and five anonymous ones with a per-use limit, each topped
 * up (at the counter or by WeChat Pay).
 */
export async function seedDemoCards(
  cards: CardsService,
  principal: Principal,
  agentId: number,
  phones: readonly string[],
): Promise<DemoCard[]> {
  const named = await cards.issue(principal, { agentId, phones: [...phones] });
  const anonymous = await cards.issue(principal, { agentId, count: 5, perUseLimit: asFen(2_000) });
  const issued = [...named.cards, ...anonymous.cards];
  for (const [index, card] of issued.entries()) {
    await cards.topUp(principal, card.id, {
      amount: card.memberPhone ? TOP_UP.NAMED : TOP_UP.ANONYMOUS,
      channel: index % 2 === 0 ? 'CASH' : 'WECHAT',
      requestId: `demo-${card.cardNo}-1`,
    });
  }
  return issued.map((card) => ({ id: card.id, cardNo: card.cardNo, cardSecret: card.secret }));
}

/** A demo card that can pay `amount`: topped up again at the counter when it runs short, as its holder would. */
export async function cardToPay(
  cards: CardsService,
  principal: Principal,
  card: DemoCard,
  amount: Fen,
): Promise<DemoCard> {
  const now = await cards.card(principal, card.id);
  if (now.balance < amount) {
    const topUps = (await cards.movements(principal, card.id, { page: 0, size: 1 })).totalElements;
    await cards.topUp(principal, card.id, {
      amount: TOP_UP.ANONYMOUS,
      channel: 'CASH',
      requestId: `demo-${card.cardNo}-${topUps + 1}`,
    });
  }
  return card;
}
