import { randomBytes } from 'node:crypto';
import {
  IMPORT_FIELDS,
  IMPORT_ROWS_MAX,
  type ImportField,
  MACHINE_STATE_MACHINE,
  type Machine,
  type MachineRegistered,
  type MachineRegisterInput,
  type MachinesImported,
  type MachineUpdateInput,
} from '@water/contract/machines';
import type { Principal } from '../../domain/principal.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { Deps } from '../../lib/deps.ts';
import {
  type FieldRefusal,
  fieldRefusal,
  forbidden,
  invalidField,
  invalidFields,
  notRealDate,
  unknownRecord,
} from '../../lib/http-errors.ts';
import { conflictIn, moveBy } from '../../lib/state.ts';
import { type TextRef, textsIn } from '../../lib/texts.ts';
import { isRealDay } from '../../lib/time.ts';
import type { Upload } from '../../lib/uploads.ts';
import { readSheet } from '../../lib/xlsx.ts';
import { signingKeyOf } from '../gateway/gateway-signing.ts';
import { machineDto, SERIAL_PATTERN } from './machine-answers.ts';
import { type MachineRow, machinesRepository as repo } from './machines.repository.ts';
import { newStickerCode } from './sticker-codes.ts';

const ALIASES: Partial<Record<ImportField, string[]>> = {
  serialNo: ['serial', 'serialno', '设备编号'],
  modelCode: ['model', '型号'],
  stickerCode: ['sticker'],
  warrantyEnd: ['warranty'],
};

/** The header names of each import column: its text in both languages, and the short names staff use. */
const HEADER_NAMES: Record<ImportField, string[]> = Object.fromEntries(
  IMPORT_FIELDS.map((field) => [
    field,
    [
      ...(['en', 'zh'] as const).map((language) => textsIn(language)(`machines.columns.${field}`).toLowerCase()),
      ...(ALIASES[field] ?? []),
    ],
  ]),
) as Record<ImportField, string[]>;

/**
 * Machines registered into the company's stock, one by one or from an imported sheet, each with
 * a secret shown once (the machine signs its gateway requests with it); and their registration
 * corrected later.
 */
export function createMachineRegistration(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  { visibleMachine }: { visibleMachine: (principal: Principal, id: number) => Promise<MachineRow> },
) {
  const unrestricted = (principal: Principal) => principal.scope === null;

  return {
    /** Registers a machine into the company's stock; its gateway secret is answered this once. */
    async register(principal: Principal, input: MachineRegisterInput): Promise<MachineRegistered> {
      if (!unrestricted(principal)) {
        throw forbidden({ key: 'errors.machines.registeredByUnrestricted' });
      }
      const serialNo = input.serialNo.trim();
      const stickerCode = input.stickerCode?.trim() || newStickerCode();
      if (!(await repo.modelById(db, input.modelId))) {
        throw invalidField('modelId', unknownRecord('machineModel', input.modelId), 'unknown_reference');
      }
      if (input.warrantyEnd && !isRealDay(input.warrantyEnd)) {
        throw invalidField('warrantyEnd', notRealDate(input.warrantyEnd), 'format');
      }
      const taken = await repo.takenCodes(db, [...new Set([serialNo, stickerCode])]);
      if (taken.length > 0) {
        const field = taken.some((code) => code.toLowerCase() === serialNo.toLowerCase()) ? 'serialNo' : 'stickerCode';
        const value = taken[0] as string;
        throw invalidField(field, { key: 'errors.machines.registered', values: { value } }, 'taken', { value });
      }
      const secret = randomBytes(24).toString('base64url');
      let id: number;
      try {
        id = await repo.insertMachine(db, {
          serialNo,
          stickerCode,
          modelId: input.modelId,
          imei: input.imei ?? null,
          iccid: input.iccid ?? null,
          firmware: input.firmware?.trim() || null,
          warrantyEnd: input.warrantyEnd ?? null,
          secretHash: signingKeyOf(secret),
          createBy: principal.username,
          updateBy: principal.username,
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw invalidField('serialNo', { key: 'errors.machines.registered', values: { value: serialNo } }, 'taken');
        }
        throw error;
      }
      return { machine: machineDto((await repo.machineById(db, id)) as MachineRow), secret };
    },
    /**
     * Corrects a machine the caller sees: the code on its sticker (unique among every machine's
     * serial numbers and sticker codes), its model, IMEI, ICCID and warranty end. A scrapped
     * machine stays as it was.
     */
    async update(principal: Principal, id: number, input: MachineUpdateInput): Promise<Machine> {
      const machine = await visibleMachine(principal, id);
      const { from } = MACHINE_STATE_MACHINE.events.EDIT;
      moveBy(MACHINE_STATE_MACHINE, machine.lifecycle, 'EDIT');
      const { stickerCode } = input;
      if (!(await repo.modelById(db, input.modelId))) {
        throw invalidField('modelId', unknownRecord('machineModel', input.modelId), 'unknown_reference');
      }
      if (input.warrantyEnd && !isRealDay(input.warrantyEnd)) {
        throw invalidField('warrantyEnd', notRealDate(input.warrantyEnd), 'format');
      }
      const taken = () =>
        invalidField('stickerCode', { key: 'errors.machines.registered', values: { value: stickerCode } }, 'taken');
      if (await repo.codeTakenByAnother(db, stickerCode, id)) throw taken();
      let changed: boolean;
      try {
        changed = await repo.updateMachine(db, id, from, {
          stickerCode,
          modelId: input.modelId,
          imei: input.imei,
          iccid: input.iccid,
          warrantyEnd: input.warrantyEnd,
          updateBy: principal.username,
          updateTime: clock.now(),
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
      const saved = (await repo.machineById(db, id)) as MachineRow;
      // Scrapped meanwhile.
      if (!changed) throw conflictIn(MACHINE_STATE_MACHINE, saved.lifecycle, 'EDIT');
      return machineDto(saved);
    },
    /**
     * Registers every machine of a sheet (xlsx or CSV: serial number and model code, optionally
     * sticker code, IMEI, ICCID, firmware and warranty end), all or none: every row at fault is
     * named (by its row number in the sheet) and nothing is registered. Answers each machine's
     * gateway secret, this once.
     */
    async importSerials(principal: Principal, upload: Upload): Promise<MachinesImported> {
      if (!unrestricted(principal)) {
        throw forbidden({ key: 'errors.machines.registeredByUnrestricted' });
      }
      const rows = await readSheet(upload.bytes, upload.filename, 'file');
      const header = (rows[0] ?? []).map((cell) => cell.trim().toLowerCase());
      const at = Object.fromEntries(
        IMPORT_FIELDS.map((field) => [field, header.findIndex((cell) => HEADER_NAMES[field].includes(cell))]),
      ) as Record<ImportField, number>;
      if (at.serialNo < 0 || at.modelCode < 0) {
        throw invalidField(
          'file',
          {
            key: 'errors.import.header',
            values: { first: { key: 'machines.columns.serialNo' }, second: { key: 'machines.columns.modelCode' } },
          },
          'required',
        );
      }
      const lines = rows
        .map((cells, index) => ({ number: index + 1, cells }))
        .slice(1)
        .filter((line) => line.cells.some((cell) => cell.trim() !== ''));
      if (lines.length === 0) throw invalidField('file', { key: 'errors.import.noRows' }, 'required');
      if (lines.length > IMPORT_ROWS_MAX) {
        throw invalidField(
          'file',
          { key: 'errors.import.tooMany', values: { count: lines.length, max: IMPORT_ROWS_MAX } },
          'too_large',
          { limit: IMPORT_ROWS_MAX },
        );
      }
      const models = new Map((await repo.allModels(db)).map((model) => [model.code.toLowerCase(), model.id]));
      const errors: FieldRefusal[] = [];
      const refuse = (line: number, field: string, says: TextRef, code: FieldRefusal['code'] = 'invalid') =>
        errors.push(fieldRefusal(`rows.${line}.${field}`, says, code));
      const seen = new Map<string, number>();
      const parsed = lines.map(({ number, cells }) => {
        const cell = (index: number) => (index >= 0 ? (cells[index] ?? '').trim() : '');
        const serialNo = cell(at.serialNo);
        const stickerCode = cell(at.stickerCode) || newStickerCode();
        const modelId = models.get(cell(at.modelCode).toLowerCase());
        if (!SERIAL_PATTERN.test(serialNo))
          refuse(
            number,
            'serialNo',
            { key: 'errors.import.serialFormat', values: { value: serialNo } },
            serialNo ? 'format' : 'required',
          );
        if (stickerCode !== serialNo && !SERIAL_PATTERN.test(stickerCode))
          refuse(
            number,
            'stickerCode',
            { key: 'errors.import.serialFormat', values: { value: stickerCode } },
            'format',
          );
        if (modelId === undefined)
          refuse(
            number,
            'modelCode',
            { key: 'errors.import.unknownModel', values: { code: cell(at.modelCode) } },
            'unknown_reference',
          );
        const imei = cell(at.imei);
        if (imei && !/^\d{15}$/.test(imei)) refuse(number, 'imei', { key: 'errors.import.imei' }, 'format');
        const iccid = cell(at.iccid);
        if (iccid && !/^\d{19,20}$/.test(iccid)) refuse(number, 'iccid', { key: 'errors.import.iccid' }, 'format');
        const firmware = cell(at.firmware);
        if (firmware.length > 64) refuse(number, 'firmware', { key: 'errors.import.firmware' }, 'too_long');
        const warrantyEnd = cell(at.warrantyEnd);
        if (warrantyEnd && !isRealDay(warrantyEnd))
          refuse(number, 'warrantyEnd', { key: 'errors.import.warranty', values: { value: warrantyEnd } }, 'format');
        for (const code of new Set([serialNo.toLowerCase(), stickerCode.toLowerCase()])) {
          const first = seen.get(code);
          if (code && first !== undefined) {
            refuse(number, 'serialNo', { key: 'errors.import.repeated', values: { value: code, row: first } }, 'taken');
          } else if (code) seen.set(code, number);
        }
        return {
          number,
          serialNo,
          stickerCode,
          modelId,
          imei: imei || null,
          iccid: iccid || null,
          firmware: firmware || null,
          warrantyEnd: warrantyEnd || null,
        };
      });
      const taken = new Set((await repo.takenCodes(db, [...seen.keys()])).map((code) => code.toLowerCase()));
      for (const line of parsed) {
        const clash = [line.serialNo, line.stickerCode].find((code) => taken.has(code.toLowerCase()));
        if (clash)
          refuse(line.number, 'serialNo', { key: 'errors.machines.registered', values: { value: clash } }, 'taken');
      }
      if (errors.length > 0) {
        throw invalidFields(errors.slice(0, 100) as [FieldRefusal, ...FieldRefusal[]]);
      }
      const made = parsed.map((line) => ({ line, secret: randomBytes(24).toString('base64url') }));
      try {
        const ids = await db.transaction((tx) =>
          repo.insertMachines(
            tx,
            made.map(({ line, secret }) => ({
              serialNo: line.serialNo,
              stickerCode: line.stickerCode,
              modelId: line.modelId as number,
              imei: line.imei,
              iccid: line.iccid,
              firmware: line.firmware,
              warrantyEnd: line.warrantyEnd,
              secretHash: signingKeyOf(secret),
              createBy: principal.username,
              updateBy: principal.username,
            })),
          ),
        );
        return {
          imported: ids.length,
          machines: made.map(({ line, secret }, index) => ({
            id: ids[index] as number,
            serialNo: line.serialNo,
            secret,
          })),
        };
      } catch (error) {
        if (isUniqueViolation(error)) throw invalidField('file', { key: 'errors.import.raced' }, 'taken');
        throw error;
      }
    },
  };
}
