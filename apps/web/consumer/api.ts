import type { ConsumerReportAnswer, ConsumerReportInput } from '@water/contract/public-machines';

/**
 * Every call the page makes, in one place, to the public API's shared specification (the buying
 * calls are served once the buying and payments modules are in). A failure is an `ApiFailure`
 * with the status and the server's message in the page's language.
 */
export type Channel = 'WECHAT' | 'ALIPAY' | 'CARD';

export interface BuyInput {
  tap: number;
  waterType: 'COLD' | 'HOT';
  ml?: number;
  fillUntilStop?: true;
  channel: Channel;
  couponId?: number;
}

export interface Quote {
  unitPrice: number;
  requestedMl: number;
  listAmount: number;
  discountAmount: number;
  couponAmount: number;
  payable: number;
}

export type Payment =
  | { kind: 'REDIRECT'; url: string }
  | { kind: 'WECHAT_BRIDGE'; params: Record<string, string> }
  | null;

export interface MadeOrder {
  orderNo: string;
  accessToken: string;
  payable: number;
  payment: Payment;
}

export interface PublicOrder {
  orderNo: string;
  state: string;
  tap: number;
  waterType: string;
  requestedMl: number;
  dispensedMl: number | null;
  fillUntilStop: boolean;
  payable: number;
  paid: number;
  refunded: number;
  refundReason: string | null;
}

export interface Consumer {
  phone: string;
  cards: { cardNo: string; balance: number }[];
}

export interface Coupon {
  id: number;
  name: string;
}

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const CONSUMER_TOKEN = 'water-consumer';
export const consumerToken = () => localStorage.getItem(CONSUMER_TOKEN);

let language = 'zh-CN';
export const speakIn = (tag: string) => {
  language = tag;
};

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) {
  const token = consumerToken();
  let answer: Response;
  try {
    answer = await fetch(`/api/public${path}`, {
      method,
      headers: {
        'accept-language': language,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { 'x-consumer-token': token } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiFailure(0, '');
  }
  if (answer.status === 204) return undefined as T;
  const data = (await answer.json().catch(() => ({}))) as { message?: string };
  if (!answer.ok) throw new ApiFailure(answer.status, data.message ?? answer.statusText);
  return data as T;
}

const machinePath = (code: string) => `/machines/${encodeURIComponent(code)}`;
const orderHeaders = (token: string) => ({ 'x-order-token': token });

export const api = {
  quote: (code: string, input: BuyInput) => call<Quote>('POST', `${machinePath(code)}/quote`, input),
  order: (code: string, input: BuyInput & { card?: { cardNo: string; cardSecret: string } }) =>
    call<MadeOrder>('POST', `${machinePath(code)}/orders`, input),
  follow: (orderNo: string, token: string) =>
    call<PublicOrder>('GET', `/orders/${encodeURIComponent(orderNo)}`, undefined, orderHeaders(token)),
  stop: (orderNo: string, token: string) =>
    call<void>('POST', `/orders/${encodeURIComponent(orderNo)}/stop`, undefined, orderHeaders(token)),
  sendCode: (phone: string) => call<void>('POST', '/consumers/codes', { phone }),
  async signIn(phone: string, code: string) {
    const session = await call<{ token: string; phone: string }>('POST', '/consumers/sessions', { phone, code });
    localStorage.setItem(CONSUMER_TOKEN, session.token);
    return session;
  },
  me: () => call<Consumer>('GET', '/consumers/me'),
  coupons: (code: string) => call<{ usable: Coupon[]; claimable: Coupon[] }>('GET', `${machinePath(code)}/coupons`),
  claim: (templateId: number) => call<void>('POST', `/coupons/${templateId}/claim`),
  report: (code: string, input: ConsumerReportInput) =>
    call<ConsumerReportAnswer>('POST', `${machinePath(code)}/reports`, input),
};
