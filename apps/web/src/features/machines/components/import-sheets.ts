import { IMPORT_FIELDS, type MachinesImported } from '@water/contract/machines';
import type { TFunction } from 'i18next';
import { csvOf } from '@/lib/csv.ts';

/** The import's column names in the console's language: the server reads them in either language. */
export const importColumnsIn = (t: TFunction) => IMPORT_FIELDS.map((field) => t(`machines.columns.${field}`));

/** An empty import sheet: its header row, in the console's language. */
export const importTemplateCsv = (t: TFunction) => csvOf([importColumnsIn(t)]);

/** The gateway secrets of imported machines, to keep: headed in the console's language. */
export const secretsCsv = (t: TFunction, machines: MachinesImported['machines']) =>
  csvOf([[t('machines.serialNo'), t('machines.secretColumn')], ...machines.map((m) => [m.serialNo, m.secret])]);
