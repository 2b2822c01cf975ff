import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.ts';
import { migrationsFolder } from './client.ts';
import * as t from './schema.ts';

describe('the sticker codes’ migration', () => {
  it('gives every machine whose sticker showed its serial number a random code of its own, and keeps typed ones', async () => {
    const database = await openTestDatabase(inject('template'));
    try {
      const { db } = database;
      const [model] = await db
        .insert(t.machineModels)
        .values({ code: 'MIG-1', name: 'Migrated', tankLitres: 60, outputLph: 60, pulsesPerLitre: 450 })
        .returning();
      // As the release before registered them: the serial number as the sticker code unless one was typed.
      const serials = ['WS20260001', 'WS20260002', 'WS20260003'];
      await db
        .insert(t.machines)
        .values([
          ...serials.map((serialNo) => ({ serialNo, stickerCode: serialNo, modelId: model!.id })),
          { serialNo: 'WS20260004', stickerCode: 'LOBBY-EAST', modelId: model!.id },
        ]);
      const migration = await readFile(path.join(migrationsFolder, '0043_sticker-codes.sql'), 'utf8');
      await db.execute(sql.raw(migration));

      const rows = await db
        .select({ serialNo: t.machines.serialNo, stickerCode: t.machines.stickerCode })
        .from(t.machines)
        .where(inArray(t.machines.serialNo, [...serials, 'WS20260004']))
        .orderBy(t.machines.serialNo);
      const codes = rows.slice(0, 3).map((row) => row.stickerCode);
      for (const code of codes) expect(code).toMatch(/^[0-9A-F]{10}$/);
      expect(new Set(codes).size).toBe(3);
      expect(rows[3]).toEqual({ serialNo: 'WS20260004', stickerCode: 'LOBBY-EAST' });
    } finally {
      await database.close();
    }
  });
});
