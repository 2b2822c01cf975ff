import type { ErrorBody, FieldError } from '@water/contract/errors';
import { fieldErrorLine } from '@water/contract/errors';
import { type MqttReply, MqttRequest, type MqttRequestKind } from '@water/contract/gateway-mqtt';
import { machineGatewayRoutes as routes } from '@water/contract/gateway-routes';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { Value } from 'typebox/value';
import type { GatewayMachineRow } from '../gateway.repository.ts';
import { signedHeaders } from '../gateway-signing.ts';

/** The HTTP gateway call each request topic is. */
const CALLS = {
  heartbeat: routes.heartbeat,
  order: routes.createOrder,
  payment: routes.pay,
  dispense: routes.dispense,
} as const satisfies Record<MqttRequestKind, { method: string; path: string }>;

const refused = (status: number, code: ErrorBody['code'], message: string, errors?: FieldError[]): ErrorBody => ({
  status,
  message,
  timestamp: Date.now(),
  code,
  ...(errors ? { errors } : {}),
});

/** The first thing wrong with a request's envelope, as a field error. */
function envelopeError(message: Record<string, unknown>, kind: MqttRequestKind): FieldError | undefined {
  const [first] = Value.Errors(MqttRequest, message);
  if (first) {
    const params = first.params as { requiredProperties?: string[]; additionalProperties?: string[] };
    if (first.keyword === 'required') {
      return { field: params.requiredProperties?.[0] ?? '', code: 'required', message: 'is required' };
    }
    const unknown = first.keyword === 'additionalProperties' ? params.additionalProperties?.[0] : undefined;
    const field = unknown ?? first.instancePath.replace(/^\//, '');
    if (first.keyword === 'boolean' || unknown) return { field, code: 'unknown', message: 'is not an accepted field' };
    const property = (MqttRequest.properties as Record<string, { errorMessage?: string }>)[field];
    return { field, code: 'invalid', message: property?.errorMessage ?? first.message };
  }
  const byOrder = kind === 'payment' || kind === 'dispense';
  if (byOrder && message.machineOrderNo === undefined) {
    return { field: 'machineOrderNo', code: 'required', message: 'is required' };
  }
  return undefined;
}

export type Inject = (options: InjectOptions) => Promise<LightMyRequestResponse>;

/**
 * A request published on an up topic, made the HTTP gateway call it stands for: signed with the
 * machine's key on its behalf (the connection proved who it is), with the message's id as the
 * nonce and its `ts` as the timestamp, so that the same checks, the same refusals and the same
 * answers apply, a replayed message included (`NONCE_REUSED`).
 */
export async function answerRequest(
  inject: Inject,
  machine: GatewayMachineRow,
  kind: MqttRequestKind,
  payload: Buffer,
  remoteAddress?: string,
): Promise<MqttReply> {
  let message: unknown;
  try {
    message = JSON.parse(payload.toString('utf8'));
  } catch {
    message = undefined;
  }
  const id =
    typeof message === 'object' && message && typeof (message as { id?: unknown }).id === 'string'
      ? ((message as { id: string }).id.slice(0, 64) as string)
      : null;
  if (typeof message !== 'object' || message === null || Array.isArray(message)) {
    return { id, kind, status: 400, body: refused(400, 'MALFORMED_BODY', 'The message is not a JSON object') };
  }
  const wrong = envelopeError(message as Record<string, unknown>, kind);
  if (wrong) {
    return { id, kind, status: 400, body: refused(400, 'VALIDATION_FAILED', fieldErrorLine(wrong), [wrong]) };
  }
  const request = message as MqttRequest;
  const call = CALLS[kind];
  const path = call.path.replace(':machineOrderNo', request.machineOrderNo ?? '');
  const body = request.body === undefined ? '' : JSON.stringify(request.body);
  const response = await inject({
    method: call.method,
    url: path,
    headers: signedHeaders({
      key: machine.secretHash ?? '',
      machine: machine.serialNo,
      method: call.method,
      path,
      body,
      now: request.ts,
      nonce: request.id,
    }),
    ...(body ? { payload: body } : {}),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  let answer: unknown = null;
  try {
    answer = response.body ? JSON.parse(response.body) : null;
  } catch {
    answer = refused(response.statusCode, 'INTERNAL', 'The answer is not JSON');
  }
  return { id: request.id, kind, status: response.statusCode, body: answer };
}
