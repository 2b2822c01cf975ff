import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { firmwareLinkToSign, GATEWAY_PREFIX } from '@water/contract/gateway';

/**
 * Signed download links: `/gateway/v1/firmware/{packageId}/{serial}?expires=…&signature=…`, the
 * signature an HMAC-SHA256 of the package, the machine and the link's end under a key derived from
 * the server's own secret (JWT_SECRET), so every instance signs and checks alike and nobody else
 * can make one. A link is bound to one machine and one package, and expires. With `baseUrl` (the
 * address machines reach the gateway at), links are absolute.
 */
export function firmwareLinks({ serverSecret, baseUrl = '' }: { serverSecret: string; baseUrl?: string | undefined }) {
  const key = createHash('sha256').update(`water-firmware-link-v1:${serverSecret}`).digest();
  const sign = (packageId: number, serialNo: string, expires: number) =>
    createHmac('sha256', key)
      .update(firmwareLinkToSign(packageId, serialNo, expires))
      .digest('hex');
  return {
    /** A link good until `expires` (ms since 1970). */
    link(packageId: number, serialNo: string, expires: number): string {
      const signature = sign(packageId, serialNo, expires);
      return `${baseUrl}${GATEWAY_PREFIX}/firmware/${packageId}/${encodeURIComponent(serialNo)}?expires=${expires}&signature=${signature}`;
    },
    /** Whether the link is one the server made and has not expired at `now`. */
    valid(packageId: number, serialNo: string, expires: number, signature: string, now: number): boolean {
      const expected = Buffer.from(sign(packageId, serialNo, expires), 'hex');
      const given = Buffer.from(signature, 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected) && expires > now;
    },
  };
}
export type FirmwareLinks = ReturnType<typeof firmwareLinks>;
