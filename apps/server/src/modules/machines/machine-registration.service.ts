import { randomBytes } from 'node:crypto';
import type { FieldError } from '@water/contract/errors';
import {
  IMPORT_COLUMNS,
  IMPORT_ROWS_MAX,
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
import { forbidden, invalidField, invalidFields } from '../../lib/http-errors.ts';
import { conflictIn, moveBy } from '../../lib/state.ts';
import { isRealDay } from '../../lib/time.ts';
import type { Upload } from '../../lib/uploads.ts';
import { readSheet } from '../../lib/xlsx.ts';
import { signingKeyOf } from '../gateway/gateway-signing.ts';
import { machineDto, SERIAL_PATTERN } from './machine-answers.ts';
import { type MachineRow, machinesRepository as repo } from './machines.repository.ts';

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
        throw forbidden('Machines are registered into the company’s stock, by staff with an unrestricted data scope');
      }
      const serialNo = input.serialNo.trim();
      const stickerCode = input.stickerCode?.trim() || serialNo;
      if (!(await repo.modelById(db, input.modelId))) {
        throw invalidField('modelId', `no machine model with id ${input.modelId}`, 'unknown_reference');
      }
      if (input.warrantyEnd && !isRealDay(input.warrantyEnd)) {
        throw invalidField('warrantyEnd', `"${input.warrantyEnd}" is not a real date`, 'format');
      }
      const taken = await repo.takenCodes(db, [...new Set([serialNo, stickerCode])]);
      if (taken.length > 0) {
        const field = taken.some((code) => code.toLowerCase() === serialNo.toLowerCase()) ? 'serialNo' : 'stickerCode';
        throw invalidField(field, `"${taken[0]}" is already registered`, 'taken', { value: taken[0] as string });
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
        if (isUniqueViolation(error)) throw invalidField('serialNo', `"${serialNo}" is already registered`, 'taken');
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
        throw invalidField('modelId', `no machine model with id ${input.modelId}`, 'unknown_reference');
      }
      if (input.warrantyEnd && !isRealDay(input.warrantyEnd)) {
        throw invalidField('warrantyEnd', `"${input.warrantyEnd}" is not a real date`, 'format');
      }
      const taken = () => invalidField('stickerCode', `"${stickerCode}" is already registered`, 'taken');
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
        throw forbidden('Machines are registered into the company’s stock, by staff with an unrestricted data scope');
      }
      const rows = await readSheet(upload.bytes, upload.filename, 'file');
      const header = (rows[0] ?? []).map((cell) => cell.trim().toLowerCase());
      const column = (names: readonly string[]) => header.findIndex((cell) => names.includes(cell));
      const at = {
        serialNo: column(['serial number', 'serial', 'serialno', '序列号', '设备编号']),
        modelCode: column(['model code', 'model', '型号编码', '型号']),
        stickerCode: column(['sticker code', 'sticker', '贴纸编码']),
        imei: column(['imei']),
        iccid: column(['iccid']),
        firmware: column(['firmware', '固件']),
        warrantyEnd: column(['warranty end', 'warranty', '保修截止']),
      };
      if (at.serialNo < 0 || at.modelCode < 0) {
        throw invalidField(
          'file',
          `needs a header row with the columns ${IMPORT_COLUMNS.slice(0, 2).join(' and ')}`,
          'required',
        );
      }
      const lines = rows
        .map((cells, index) => ({ number: index + 1, cells }))
        .slice(1)
        .filter((line) => line.cells.some((cell) => cell.trim() !== ''));
      if (lines.length === 0) throw invalidField('file', 'holds no machines below its header row', 'required');
      if (lines.length > IMPORT_ROWS_MAX) {
        throw invalidField('file', `holds ${lines.length} machines; at most ${IMPORT_ROWS_MAX} at once`, 'too_large', {
          limit: IMPORT_ROWS_MAX,
        });
      }
      const models = new Map((await repo.allModels(db)).map((model) => [model.code.toLowerCase(), model.id]));
      const errors: FieldError[] = [];
      const refuse = (line: number, field: string, message: string, code: FieldError['code'] = 'invalid') =>
        errors.push({ field: `rows.${line}.${field}`, code, message });
      const seen = new Map<string, number>();
      const parsed = lines.map(({ number, cells }) => {
        const cell = (index: number) => (index >= 0 ? (cells[index] ?? '').trim() : '');
        const serialNo = cell(at.serialNo);
        const stickerCode = cell(at.stickerCode) || serialNo;
        const modelId = models.get(cell(at.modelCode).toLowerCase());
        if (!SERIAL_PATTERN.test(serialNo))
          refuse(
            number,
            'serialNo',
            `"${serialNo}" must be 4 to 64 letters, digits, _ or -`,
            serialNo ? 'format' : 'required',
          );
        if (stickerCode !== serialNo && !SERIAL_PATTERN.test(stickerCode))
          refuse(number, 'stickerCode', `"${stickerCode}" must be 4 to 64 letters, digits, _ or -`, 'format');
        if (modelId === undefined)
          refuse(number, 'modelCode', `no machine model has the code "${cell(at.modelCode)}"`, 'unknown_reference');
        const imei = cell(at.imei);
        if (imei && !/^\d{15}$/.test(imei)) refuse(number, 'imei', 'must be 15 digits', 'format');
        const iccid = cell(at.iccid);
        if (iccid && !/^\d{19,20}$/.test(iccid)) refuse(number, 'iccid', 'must be 19 or 20 digits', 'format');
        const firmware = cell(at.firmware);
        if (firmware.length > 64) refuse(number, 'firmware', 'is longer than 64 characters', 'too_long');
        const warrantyEnd = cell(at.warrantyEnd);
        if (warrantyEnd && !isRealDay(warrantyEnd))
          refuse(number, 'warrantyEnd', `"${warrantyEnd}" is not a real date (yyyy-MM-dd)`, 'format');
        for (const code of new Set([serialNo.toLowerCase(), stickerCode.toLowerCase()])) {
          const first = seen.get(code);
          if (code && first !== undefined) refuse(number, 'serialNo', `"${code}" is also on row ${first}`, 'taken');
          else if (code) seen.set(code, number);
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
        if (clash) refuse(line.number, 'serialNo', `"${clash}" is already registered`, 'taken');
      }
      if (errors.length > 0) {
        throw invalidFields(errors.slice(0, 100) as [FieldError, ...FieldError[]]);
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
        if (isUniqueViolation(error))
          throw invalidField('file', 'another import registered some of these machines meanwhile', 'taken');
        throw error;
      }
    },
  };
}
