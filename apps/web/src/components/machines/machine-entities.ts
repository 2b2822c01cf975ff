import type { Machine, MachineModel } from '@water/contract/machines';
import type { EntityDescriptor } from '../entity-select.tsx';
import { useAllModels, useMachineOptions } from './machine-options.ts';

/** Every machine model, by name (the machines' filter). */
export const MACHINE_MODELS: EntityDescriptor<MachineModel> = {
  useEntities: useAllModels,
  valueOf: (model) => model.id,
  labelOf: (model) => model.name,
};

/** The same with their codes (registering a machine, pricing a model). */
export const MACHINE_MODELS_WITH_CODE: EntityDescriptor<MachineModel> = {
  ...MACHINE_MODELS,
  labelOf: (model) => `${model.name} (${model.code})`,
};

/** The machines in the user's reach, by serial number. */
export const MACHINES: EntityDescriptor<Machine> = {
  useEntities: useMachineOptions,
  valueOf: (machine) => machine.id,
  labelOf: (machine) => machine.serialNo,
};
