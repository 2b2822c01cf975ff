/**
 * Every table, for the database client, migrations (drizzle-kit) and tests. Each module declares
 * the tables it writes in its own `<module>.schema.ts`; product code imports a table from its
 * owner, never from here (the ownership test checks it).
 */

export * from '../domain/identity.schema.ts';
export * from '../modules/agents/agents.schema.ts';
export * from '../modules/alarms/alarms.schema.ts';
export * from '../modules/artifacts/artifacts.schema.ts';
export * from '../modules/audit/audit.schema.ts';
export * from '../modules/auth/auth.schema.ts';
export * from '../modules/cards/cards.schema.ts';
export * from '../modules/commands/commands.schema.ts';
export * from '../modules/consumer/consumer.schema.ts';
export * from '../modules/consumer-orders/consumer-orders.schema.ts';
export * from '../modules/consumers/consumers.schema.ts';
export * from '../modules/coupons/coupons.schema.ts';
export * from '../modules/depts/depts.schema.ts';
export * from '../modules/dicts/dicts.schema.ts';
export * from '../modules/exports/exports.schema.ts';
export * from '../modules/filters/filters.schema.ts';
export * from '../modules/firmware/firmware.schema.ts';
export * from '../modules/gateway/gateway.schema.ts';
export * from '../modules/jobs/jobs.schema.ts';
export * from '../modules/ledger/ledger.schema.ts';
export * from '../modules/logs/logs.schema.ts';
export * from '../modules/machines/machines.schema.ts';
export * from '../modules/members/members.schema.ts';
export * from '../modules/menus/menus.schema.ts';
export * from '../modules/notifications/notifications.schema.ts';
export * from '../modules/orders/orders.schema.ts';
export * from '../modules/parts/parts.schema.ts';
export * from '../modules/payments/payments.schema.ts';
export * from '../modules/price-policies/price-policies.schema.ts';
export * from '../modules/reconciliation/reconciliation.schema.ts';
export * from '../modules/reports/reports.schema.ts';
export * from '../modules/roles/roles.schema.ts';
export * from '../modules/sales/sales.schema.ts';
export * from '../modules/settings/settings.schema.ts';
export * from '../modules/sites/sites.schema.ts';
export * from '../modules/storage/storage.schema.ts';
export * from '../modules/telemetry/telemetry.schema.ts';
export * from '../modules/users/users.schema.ts';
export * from '../modules/withdrawals/withdrawals.schema.ts';
export * from '../modules/workorders/workorders.schema.ts';
export * from './infrastructure.schema.ts';
