/** The part of Web Storage this needs, so tests can pass a plain object. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const PREFIX = 'water-console-columns:';

export function columnStorageKey(tableId: string): string {
  return PREFIX + tableId;
}

function browserStore(): KeyValueStore | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage blocked by privacy settings: the choice lasts until the page is left.
    return undefined;
  }
}

/**
 * The columns the user has hidden in this table, as remembered in this browser; the table's
 * default (`hiddenByDefault`) until the user chooses. Only hidden keys are stored, so a column
 * added in a later release shows up.
 */
export function loadHiddenColumns(
  tableId: string,
  store = browserStore(),
  hiddenByDefault: readonly string[] = [],
): string[] {
  try {
    const raw = store?.getItem(columnStorageKey(tableId));
    if (!raw) return [...hiddenByDefault];
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((key): key is string => typeof key === 'string') : [];
  } catch {
    return [...hiddenByDefault];
  }
}

const sameKeys = (a: readonly string[], b: readonly string[]) =>
  new Set(a).size === new Set(b).size && a.every((key) => b.includes(key));

/** Remembers the user's choice; a choice equal to the table's default is forgotten. */
export function saveHiddenColumns(
  tableId: string,
  hidden: readonly string[],
  store = browserStore(),
  hiddenByDefault: readonly string[] = [],
): void {
  try {
    if (sameKeys(hidden, hiddenByDefault)) store?.removeItem(columnStorageKey(tableId));
    else store?.setItem(columnStorageKey(tableId), JSON.stringify([...new Set(hidden)].sort()));
  } catch {
    // Not remembered, but the choice still applies now.
  }
}

/** Columns that are shown: those not hidden; a table never loses its last column. */
export function visibleColumnKeys(allKeys: readonly string[], hidden: readonly string[]): string[] {
  const shown = allKeys.filter((key) => !hidden.includes(key));
  return shown.length > 0 ? shown : allKeys.slice(0, 1);
}

/** The hidden list after the user ticks or unticks one column. */
export function toggleColumn(hidden: readonly string[], key: string, visible: boolean): string[] {
  return visible ? hidden.filter((entry) => entry !== key) : [...new Set([...hidden, key])];
}
