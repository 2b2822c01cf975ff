/**
 * The cache keys of the server's data, one factory per resource, so that a key is written once
 * and a change invalidates everything it touches through `<resource>Keys.all`. Several features
 * read the same resource (the user form lists roles and jobs; the role page reads menus), so the
 * factories live here rather than in one feature.
 */
type Params = Readonly<Record<string, unknown>>;

export const userKeys = {
  all: ['users'] as const,
  list: (params: Params) => [...userKeys.all, 'list', params] as const,
};

export const roleKeys = {
  all: ['roles'] as const,
  list: (params: Params) => [...roleKeys.all, 'list', params] as const,
  /** Every role, for the user form. */
  options: () => [...roleKeys.all, 'all'] as const,
  /** The caller's own best level. */
  level: () => [...roleKeys.all, 'level'] as const,
};

export const jobKeys = {
  all: ['jobs'] as const,
  list: (params: Params) => [...jobKeys.all, 'list', params] as const,
  options: () => [...jobKeys.all, 'options'] as const,
};

export const deptKeys = {
  all: ['depts'] as const,
  list: (params: Params) => [...deptKeys.all, 'list', params] as const,
  level: (pid: number | null, enabledOnly: boolean) => [...deptKeys.all, 'level', pid, enabledOnly] as const,
  superior: (ids: readonly number[]) => [...deptKeys.all, 'superior', ids] as const,
  search: (name: string) => [...deptKeys.all, 'search', name] as const,
};

export const menuKeys = {
  all: ['menus'] as const,
  list: (params: Params) => [...menuKeys.all, 'list', params] as const,
  children: (pid: number) => [...menuKeys.all, 'lazy', pid] as const,
  superior: (ids: readonly number[]) => [...menuKeys.all, 'superior', ids] as const,
  /** The ids of a menu and of everything below it. */
  subtree: (id: number) => [...menuKeys.all, 'child', id] as const,
  tree: () => [...menuKeys.all, 'tree'] as const,
  catalogue: () => [...menuKeys.all, 'catalogue'] as const,
};

export const dictKeys = {
  all: ['dicts'] as const,
  list: (params: Params) => [...dictKeys.all, 'list', params] as const,
  details: (dictName: string, params: Params) => [...dictKeys.all, 'details', dictName, params] as const,
  /** Every entry of one dictionary, as dropdowns and labels read it (`useDict`). */
  entries: (name: string) => [...dictKeys.all, 'entries', name] as const,
};

export const logKeys = {
  all: ['logs'] as const,
  own: (params: Params) => [...logKeys.all, 'own', params] as const,
  /** The operation log (`info`) or the error log (`error`). */
  list: (kind: 'info' | 'error', params: Params) => [...logKeys.all, kind, params] as const,
  /** What went wrong in one failed operation. */
  errorDetail: (id: number) => [...logKeys.all, 'error-detail', id] as const,
};

export const auditKeys = {
  all: ['audit'] as const,
  /** The change records of one record, its History tab. */
  history: (recordType: string, recordId: number | string) =>
    [...auditKeys.all, 'history', recordType, String(recordId)] as const,
  list: (params: Params) => [...auditKeys.all, 'list', params] as const,
};

export const onlineKeys = {
  all: ['online-users'] as const,
  list: (params: Params) => [...onlineKeys.all, 'list', params] as const,
};

export const dashboardKeys = {
  all: ['dashboard'] as const,
  stats: () => [...dashboardKeys.all, 'stats'] as const,
  recentOperations: () => [...dashboardKeys.all, 'recent-operations'] as const,
};

export const monitorKeys = {
  all: ['monitor'] as const,
  server: () => [...monitorKeys.all, 'server'] as const,
  statements: () => [...monitorKeys.all, 'sql'] as const,
};

export const settingKeys = {
  all: ['global-settings'] as const,
  /** What the settings page edits: the stored settings of the console's side. */
  stored: () => [...settingKeys.all, 'stored'] as const,
};

export const paymentChannelKeys = {
  all: ['payment-channels'] as const,
  /** The channels' drivers and settings (secrets only as set or not). */
  stored: () => [...paymentChannelKeys.all, 'stored'] as const,
};

export const fileKeys = {
  all: ['files'] as const,
  list: (params: Params) => [...fileKeys.all, 'list', params] as const,
};

export const artifactKeys = {
  all: ['artifacts'] as const,
  list: (params: Params) => [...artifactKeys.all, 'list', params] as const,
};

export const agentKeys = {
  all: ['agents'] as const,
  list: (params: Params) => [...agentKeys.all, 'list', params] as const,
  /** The active agents in scope, offered as parents in the agent form. */
  parents: () => [...agentKeys.all, 'parents'] as const,
};

export const machineKeys = {
  all: ['machines'] as const,
  list: (params: Params) => [...machineKeys.all, 'list', params] as const,
  allocations: (id: number) => [...machineKeys.all, 'allocations', id] as const,
  status: (id: number, period: string) => [...machineKeys.all, 'status', id, period] as const,
  telemetry: (id: number, range: string) => [...machineKeys.all, 'telemetry', id, range] as const,
  /** Where a machine may be installed. */
  installSites: (id: number) => [...machineKeys.all, 'install-sites', id] as const,
  /** A machine's commands and its settings; a batch of commands' progress. */
  commands: (id: number) => [...machineKeys.all, 'commands', id] as const,
  settings: (id: number) => [...machineKeys.all, 'settings', id] as const,
  batch: (id: number) => [...machineKeys.all, 'batch', id] as const,
  models: (params: Params) => [...machineKeys.all, 'models', params] as const,
  /** Every model, for pickers. */
  allModels: () => [...machineKeys.all, 'models', 'all'] as const,
  /** The fleet on the map, and the machines near a point. */
  map: (filters: Params) => [...machineKeys.all, 'map', filters] as const,
  near: (query: Params) => [...machineKeys.all, 'near', query] as const,
};

export const firmwareKeys = {
  all: ['firmware'] as const,
  packages: (params: Params) => [...firmwareKeys.all, 'packages', params] as const,
  rollouts: (params: Params) => [...firmwareKeys.all, 'rollouts', params] as const,
  updates: (rolloutId: number, params: Params) => [...firmwareKeys.all, 'updates', rolloutId, params] as const,
  /** A machine's updates, on its detail. */
  machine: (machineId: number) => [...firmwareKeys.all, 'machine', machineId] as const,
  /** The machines of a model a rollout may take. */
  machinesOf: (modelId: number) => [...firmwareKeys.all, 'machines-of', modelId] as const,
};

export const siteKeys = {
  all: ['sites'] as const,
  list: (params: Params) => [...siteKeys.all, 'list', params] as const,
};

export const policyKeys = {
  all: ['price-policies'] as const,
  list: (params: Params) => [...policyKeys.all, 'list', params] as const,
};

export const orderKeys = {
  all: ['orders'] as const,
  list: (params: Params) => [...orderKeys.all, 'list', params] as const,
  detail: (orderNo: string) => [...orderKeys.all, 'detail', orderNo] as const,
  totals: (filters: Params) => [...orderKeys.all, 'totals', filters] as const,
  filterOptions: () => [...orderKeys.all, 'filter-options'] as const,
  ranking: (period: string) => [...orderKeys.all, 'ranking', period] as const,
};

export const refundKeys = {
  all: ['refunds'] as const,
  list: (params: Params) => [...refundKeys.all, 'list', params] as const,
};

export const alarmKeys = {
  all: ['alarms'] as const,
  list: (params: Params) => [...alarmKeys.all, 'list', params] as const,
};

export const workOrderKeys = {
  all: ['work-orders'] as const,
  list: (params: Params) => [...workOrderKeys.all, 'list', params] as const,
  board: (params: Params) => [...workOrderKeys.all, 'board', params] as const,
  order: (id: number) => [...workOrderKeys.all, 'order', id] as const,
  technicians: () => [...workOrderKeys.all, 'technicians'] as const,
  /** The machine of a sticker code, with its open orders. */
  sticker: (code: string) => [...workOrderKeys.all, 'sticker', code] as const,
  /** The parts a technician holds: completing an order takes some. */
  myStock: () => [...workOrderKeys.all, 'my-stock'] as const,
  /** When a machine was last serviced, on its detail. */
  serviced: (machineId: number) => [...workOrderKeys.all, 'serviced', machineId] as const,
};

export const filterKeys = {
  all: ['filters'] as const,
  schedule: (params: Params) => [...filterKeys.all, 'schedule', params] as const,
  /** A machine's stages, on its detail. */
  machine: (machineId: number) => [...filterKeys.all, 'machine', machineId] as const,
  stages: (modelId: number) => [...filterKeys.all, 'stages', modelId] as const,
};

export const couponKeys = {
  all: ['coupons'] as const,
  templates: (params: Params) => [...couponKeys.all, 'templates', params] as const,
  issued: (params: Params) => [...couponKeys.all, 'issued', params] as const,
  stats: () => [...couponKeys.all, 'stats'] as const,
};

export const cardKeys = {
  all: ['cards'] as const,
  list: (params: Params) => [...cardKeys.all, 'list', params] as const,
  card: (id: number) => [...cardKeys.all, 'card', id] as const,
  movements: (id: number, params: Params) => [...cardKeys.all, 'movements', id, params] as const,
  liabilities: (params: Params) => [...cardKeys.all, 'liabilities', params] as const,
  rules: () => [...cardKeys.all, 'rules'] as const,
};

export const memberKeys = {
  all: ['members'] as const,
  list: (params: Params) => [...memberKeys.all, 'list', params] as const,
};

export const exportKeys = {
  all: ['exports'] as const,
};

export const taskKeys = {
  all: ['tasks'] as const,
};

export const reportKeys = {
  all: ['reports'] as const,
  figures: (params: Params) => [...reportKeys.all, 'figures', params] as const,
  schedules: () => [...reportKeys.all, 'schedules'] as const,
};

export const withdrawalKeys = {
  all: ['withdrawals'] as const,
  list: (params: Params) => [...withdrawalKeys.all, 'list', params] as const,
  detail: (id: number) => [...withdrawalKeys.all, 'detail', id] as const,
  totals: (filters: Params) => [...withdrawalKeys.all, 'totals', filters] as const,
  /** Agents' balances: they change with every withdrawal. */
  balances: (params: Params) => [...withdrawalKeys.all, 'balances', params] as const,
  terms: () => [...withdrawalKeys.all, 'terms'] as const,
};

export const ledgerKeys = {
  all: ['ledger'] as const,
  trialBalance: () => [...ledgerKeys.all, 'trial-balance'] as const,
  accounts: (params: Params) => [...ledgerKeys.all, 'accounts', params] as const,
  postings: (params: Params) => [...ledgerKeys.all, 'postings', params] as const,
  periods: () => [...ledgerKeys.all, 'periods'] as const,
  /** The agents in reach with their balances. */
  agents: () => [...ledgerKeys.all, 'agents'] as const,
  statement: (agentId: number, period: string) => [...ledgerKeys.all, 'statement', agentId, period] as const,
  statementOrders: (params: Params) => [...ledgerKeys.all, 'statement-orders', params] as const,
};

export const reconciliationKeys = {
  all: ['reconciliation'] as const,
  imports: (params: Params) => [...reconciliationKeys.all, 'imports', params] as const,
  discrepancies: (params: Params) => [...reconciliationKeys.all, 'discrepancies', params] as const,
};

export const slaKeys = {
  all: ['sla'] as const,
  report: (params: Params) => [...slaKeys.all, 'report', params] as const,
  settings: () => [...slaKeys.all, 'settings'] as const,
};

export const notificationKeys = {
  all: ['notifications'] as const,
  channels: (params: Params) => [...notificationKeys.all, 'channels', params] as const,
  rules: (params: Params) => [...notificationKeys.all, 'rules', params] as const,
  deliveries: (params: Params) => [...notificationKeys.all, 'deliveries', params] as const,
};

export const partKeys = {
  all: ['parts'] as const,
  parts: () => [...partKeys.all, 'parts'] as const,
  warehouses: () => [...partKeys.all, 'warehouses'] as const,
  stock: (filters: Params) => [...partKeys.all, 'stock', filters] as const,
  movements: (params: Params) => [...partKeys.all, 'movements', params] as const,
};
