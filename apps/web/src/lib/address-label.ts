import { i18n } from './i18n.ts';

/** The server's word for a private address, which it sends in English. */
const LOCAL_NETWORK = 'Local network';

/** Where a request came from, as the server located it, in the console's language. */
export function addressLabel(address: string | null | undefined): string {
  if (!address) return '';
  return address === LOCAL_NETWORK ? i18n.t('list.localNetwork') : address;
}
