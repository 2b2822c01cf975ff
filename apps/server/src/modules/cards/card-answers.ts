import { Card, CardMovement } from '@water/contract/cards';
import { asFen } from '@water/contract/money';
import type { TextRef } from '../../lib/texts.ts';
import { wireOf } from '../../lib/wire.ts';
import { maskPhone } from '../members/members.service.ts';
import type { CardRecord, CardRow, MovementRow } from './cards.repository.ts';

/** Named (bound to a member) or anonymous. */
export const kindOf = (card: Pick<CardRecord, 'memberId'>) => (card.memberId === null ? 'ANONYMOUS' : 'NAMED');

export const cardDto = (row: CardRow): Card =>
  wireOf(Card, {
    ...row,
    kind: kindOf(row),
    memberPhone: maskPhone(row.memberPhone),
    balance: asFen(row.principal + row.bonus),
  });

export const movementDto = (row: MovementRow): CardMovement =>
  wireOf(CardMovement, {
    ...row,
    amount: asFen(row.principal + row.bonus),
    balanceAfter: asFen(row.principalAfter + row.bonusAfter),
  });

/** `No water card with id 3`. */
export const noCard = (id: number | string): TextRef => ({
  key: 'errors.noSuch',
  values: { object: { key: 'errors.objects.card' }, id },
});
