import { queryOptions, useQuery } from '@tanstack/react-query';
import { GLOBAL_SETTING_QUERY } from '@water/contract/constants';
import { type MapTiles, TILE_PRESETS } from '@water/contract/map-tiles';
import { callApi } from '@/lib/call-api.ts';
import { settingKeys } from '@/lib/query-keys.ts';

const NO_TILES: MapTiles = { preset: 'NONE' };

/** The stored global settings, which hold the map's tiles. */
export const storedSettingsQuery = queryOptions({
  queryKey: settingKeys.stored(),
  queryFn: () => callApi('GET /api/global/setting', { query: GLOBAL_SETTING_QUERY }, { errorNotice: 'none' }),
});

/** The map's tiles of the global settings; none (a blank background) when unset, unreadable or unknown. */
export function useMapTiles(): MapTiles {
  const stored = useQuery(storedSettingsQuery);
  const tiles = stored.data?.mapTiles;
  return tiles && (TILE_PRESETS as readonly string[]).includes(tiles.preset) ? tiles : NO_TILES;
}
