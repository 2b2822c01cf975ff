import type { Site } from '@water/contract/sites';
import type { EntityDescriptor } from '../entity-select.tsx';
import { useSiteOptions } from './site-options.ts';

/** The sites in the user's reach, by name. */
export const SITES: EntityDescriptor<Site> = {
  useEntities: useSiteOptions,
  valueOf: (site) => site.id,
  labelOf: (site) => site.name,
};
