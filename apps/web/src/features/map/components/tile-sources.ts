import type { MapTiles } from '@water/contract/map-tiles';

/** Where a preset's tiles come from, as Leaflet's tile layer takes it. */
export interface TileSource {
  url: string;
  subdomains: string;
  attribution: string;
  maxZoom: number;
  /** Whether the tiles are drawn in GCJ-02, so WGS-84 positions are moved before they are drawn. */
  gcj02: boolean;
  /** A second layer drawn above (Tianditu's labels). */
  labels?: string;
}

const tianditu = (layer: string, key: string) =>
  `https://t{s}.tianditu.gov.cn/${layer}_w/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=${layer}&STYLE=default&TILEMATRIXSET=w&FORMAT=tiles&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}&tk=${encodeURIComponent(key)}`;

/**
 * The tiles of a preset; none (a blank background) for `NONE` and for a preset missing what it
 * needs. AMap's raster tiles need no key nor security code (its JS API's web services would: see
 * docs/map.md); Tianditu's are CGCS2000, which agrees with WGS-84 to centimetres.
 */
export function tileSourceOf(tiles: MapTiles): TileSource | null {
  switch (tiles.preset) {
    case 'OSM':
      return {
        url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        subdomains: '',
        attribution: '© OpenStreetMap contributors',
        maxZoom: 19,
        gcj02: false,
      };
    case 'AMAP':
      return {
        url: 'https://webrd0{s}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}',
        subdomains: '1234',
        attribution: '© AutoNavi 高德地图',
        maxZoom: 18,
        gcj02: true,
      };
    case 'TIANDITU':
      return tiles.key
        ? {
            url: tianditu('vec', tiles.key),
            labels: tianditu('cva', tiles.key),
            subdomains: '01234567',
            attribution: '© 天地图 Tianditu',
            maxZoom: 18,
            gcj02: false,
          }
        : null;
    case 'CUSTOM':
      return tiles.url
        ? {
            url: tiles.url.replaceAll('{key}', encodeURIComponent(tiles.key ?? '')),
            subdomains: 'abc',
            attribution: '',
            maxZoom: 19,
            gcj02: tiles.gcj02 === true,
          }
        : null;
    default:
      return null;
  }
}
