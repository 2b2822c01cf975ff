import {
  WORK_ORDER_CHECKLISTS,
  type WorkOrder,
  type WorkOrderCompletion,
  type WorkOrderEvent,
} from '@water/contract/work-orders';

/** One call to the server's API: its status and JSON body. */
export type ApiSend = (
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: object,
  headers?: Record<string, string>,
) => Promise<{ status: number; body: unknown }>;

/** Calls a running server over HTTP. */
export const httpSend =
  (baseUrl: string): ApiSend =>
  async (method, path, body, headers = {}) => {
    const response = await fetch(new URL(path, baseUrl), {
      method,
      headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };

/** What a technician does next to an order in each state: one step per round, as a person would. */
const NEXT: Partial<Record<WorkOrder['state'], WorkOrderEvent>> = {
  ASSIGNED: 'ACCEPT',
  ACCEPTED: 'START',
  ON_HOLD: 'RESUME',
  IN_PROGRESS: 'DONE',
};

/**
 * A technician working through the API as the console's phone view does: signs in (with the
 * captcha's answer: a server's CAPTCHA_TEST_ANSWER), then each round moves each of their open orders one step on,
 * completing those in progress with the type's check-list and clean readings.
 */
export class SimulatedTechnician {
  #token: string | undefined;

  constructor(
    private readonly send: ApiSend,
    private readonly account: { username: string; password: string; captcha: (uuid: string) => Promise<string> },
  ) {}

  async signIn(): Promise<void> {
    const image = await this.send('GET', '/auth/code');
    const { uuid } = image.body as { uuid: string };
    const { username, password, captcha } = this.account;
    const signedIn = await this.send('POST', '/auth/login', { username, password, code: await captcha(uuid), uuid });
    if (signedIn.status !== 200)
      throw new Error(`technician ${username} cannot sign in: ${JSON.stringify(signedIn.body)}`);
    this.#token = (signedIn.body as { token: string }).token;
  }

  /** One round over the technician's open orders; answers the steps taken. */
  async round(): Promise<number> {
    if (!this.#token) await this.signIn();
    const headers = { authorization: this.#token as string };
    const page = await this.send('GET', '/api/workOrders?open=true&size=100', undefined, headers);
    if (page.status === 401) {
      this.#token = undefined;
      return 0;
    }
    let steps = 0;
    for (const order of (page.body as { content: WorkOrder[] }).content) {
      const event = NEXT[order.state];
      if (!event) continue;
      const answer =
        event === 'DONE'
          ? await this.send('PUT', `/api/workOrders/${order.id}/completion`, completionOf(order), headers)
          : await this.send('PUT', `/api/workOrders/${order.id}/state`, { event }, headers);
      if (answer.status === 204) steps++;
    }
    return steps;
  }
}

function completionOf(order: WorkOrder): WorkOrderCompletion {
  return {
    checks: [...WORK_ORDER_CHECKLISTS[order.type]],
    photos: [],
    tdsBefore: 60,
    tdsAfter: 8,
    // The simulated technician holds no stock: it reports no parts.
    parts: [],
    note: 'simulated technician',
  };
}
