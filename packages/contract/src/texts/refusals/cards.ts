/** Refusals of water cards (under `errors.cards`). */
export const cardsRefusals = {
  en: {
    cards: {
      countOrPhones: 'give either how many anonymous cards to issue or the phones of the named ones',
      agentNotActive: 'only an active agent issues cards',
      useAboveDay: 'must not be above the per-day limit',
      cap: 'the card would hold {{balance}} yuan, above the cap of {{cap}} yuan for {{kind}} cards (at most {{left}} yuan may be topped up)',
      kinds: { NAMED: 'named', ANONYMOUS: 'anonymous' },
    },
  },
  zh: {
    cards: {
      countOrPhones: '请填写发行不记名卡的数量，或记名卡持卡人的手机号（二选一）',
      agentNotActive: '只有正常状态的代理商才能发卡',
      useAboveDay: '不能高于单日限额',
      cap: '充值后卡内余额将为 {{balance}} 元，超过{{kind}}卡 {{cap}} 元的上限（最多还能充值 {{left}} 元）',
      kinds: { NAMED: '记名', ANONYMOUS: '不记名' },
    },
  },
};
