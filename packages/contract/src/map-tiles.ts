import Type, { type Static } from 'typebox';
import { OneOf } from './common.ts';

/** Tile presets of the map: none (a blank background), OpenStreetMap, AMap (高德), Tianditu (天地图) or an address of one's own. */
export const TILE_PRESETS = ['NONE', 'OSM', 'AMAP', 'TIANDITU', 'CUSTOM'] as const;
export type TilePreset = (typeof TILE_PRESETS)[number];

/**
 * The map's tiles, in the global settings (which anyone may read: no secret here). `url` is the
 * template of a custom preset (`{z}/{x}/{y}`, `{s}`); `key` the browser key a preset needs in its
 * tile addresses (Tianditu's `tk`); `gcj02` whether a custom preset's tiles are in GCJ-02.
 */
export const MapTiles = Type.Object(
  {
    preset: OneOf(TILE_PRESETS),
    url: Type.Optional(
      Type.String({
        maxLength: 500,
        pattern: '^https?://[^\\s]*\\{z\\}[^\\s]*$',
        errorMessage: 'must be an http(s) address with {z}, {x} and {y}',
      }),
    ),
    key: Type.Optional(
      Type.String({ maxLength: 200, pattern: '^[A-Za-z0-9_-]*$', errorMessage: 'must be letters and digits' }),
    ),
    gcj02: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type MapTiles = Static<typeof MapTiles>;
