/**
 * What the ledger publishes for other modules to read (select and join, never write): its
 * accounts, for the balances pages show beside their own figures (an agent's withdrawable balance).
 */
export { ledgerAccounts } from './ledger.schema.ts';
