import type { PageOf } from '@water/contract/common';
import type {
  MachineModel,
  MachineModelCreateInput,
  MachineModelQuery,
  MachineModelUpdateInput,
} from '@water/contract/machines';
import type { Principal } from '../../domain/principal.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { Deps } from '../../lib/deps.ts';
import { badRequest, emptyField, invalidField, noSuch, notFound } from '../../lib/http-errors.ts';
import { toPaging } from '../../lib/list-query.ts';
import { quotedNames } from '../../lib/texts.ts';
import { modelDto } from './machine-answers.ts';
import { modelOrder, modelSortable, machinesRepository as repo } from './machines.repository.ts';

/** A period without sales. */
/** Machine models: what a machine is (taps, water, tank, output, billing), kept by staff. */
export function createMachineModelsService({ db, clock }: Pick<Deps, 'db' | 'clock'>) {
  return {
    // ------------------------------------------------------------ models
    async listModels(query: MachineModelQuery): Promise<PageOf<MachineModel>> {
      const page = await repo.modelPage(db, query, toPaging(query, modelSortable, modelOrder));
      return { content: page.content.map(modelDto), totalElements: page.totalElements };
    },
    async createModel(principal: Principal, input: MachineModelCreateInput): Promise<void> {
      const code = input.code.trim();
      const name = input.name.trim();
      if (!name) throw emptyField('name');
      const taken = () =>
        invalidField('code', { key: 'errors.machines.modelTaken', values: { value: code } }, 'taken', { value: code });
      if (await repo.modelCodeTaken(db, code)) throw taken();
      const { id: _id, ...fields } = input;
      try {
        await repo.insertModel(db, {
          ...fields,
          code,
          name,
          createBy: principal.username,
          updateBy: principal.username,
        });
      } catch (error) {
        throw isUniqueViolation(error) ? taken() : error;
      }
    },
    async updateModel(principal: Principal, input: MachineModelUpdateInput): Promise<void> {
      if (!(await repo.modelById(db, input.id))) throw notFound(noSuch('machineModel', input.id));
      const name = input.name.trim();
      if (!name) throw emptyField('name');
      const { id, ...fields } = input;
      const updated = await repo.updateModel(db, id, {
        ...fields,
        name,
        updateBy: principal.username,
        updateTime: clock.now(),
      });
      if (!updated) throw notFound(noSuch('machineModel', id));
    },
    async removeModels(ids: number[]): Promise<void> {
      for (const id of new Set(ids)) {
        if (!(await repo.modelById(db, id))) throw notFound(noSuch('machineModel', id));
      }
      const used = await repo.modelsInUse(db, ids);
      if (used.length > 0) {
        throw badRequest({
          key: 'errors.machines.modelsInUse',
          values: { codes: quotedNames(used.map((model) => model.code)) },
        });
      }
      await repo.deleteModels(db, ids);
    },
  };
}
