import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import './fleet-map.css';
import type { Health, MapMachine, MapSite } from '@water/contract/map';
import type { MapTiles } from '@water/contract/map-tiles';
import L from 'leaflet';
import 'leaflet.markercluster';
import { type RefObject, useEffect, useMemo, useRef } from 'react';
import { gcj02ToWgs84, wgs84ToGcj02 } from './gcj02.ts';
import { mostPressing } from './health-colours.ts';
import { tileSourceOf } from './tile-sources.ts';

/** What the page asks of the map: its centre (WGS-84), and to show one machine. */
export interface FleetMapHandle {
  centre: () => [longitude: number, latitude: number];
  focus: (machineId: number) => void;
}

interface FleetMapViewProps {
  machines: readonly MapMachine[];
  sites: readonly MapSite[];
  showSites: boolean;
  tiles: MapTiles;
  label: string;
  titleOf: (machine: MapMachine) => string;
  siteTitleOf: (site: MapSite) => string;
  onOpen: (machine: MapMachine) => void;
  handle: RefObject<FleetMapHandle | null>;
}

/** Where a WGS-84 position is drawn: moved to GCJ-02 for tiles drawn so. */
function drawnAt(gcj02: boolean, longitude: number, latitude: number): L.LatLngTuple {
  const [lng, lat] = gcj02 ? wgs84ToGcj02(longitude, latitude) : [longitude, latitude];
  return [lat, lng];
}

/** China, when nothing is on the map yet. */
const WHOLE_COUNTRY: L.LatLngTuple = [35, 105];

/**
 * The fleet on a Leaflet map: machines clustered, coloured by health; a click on one opens it.
 * Without tiles the markers stand on a blank background (nothing is fetched from outside).
 */
export function FleetMapView(props: FleetMapViewProps) {
  const element = useRef<HTMLElement>(null);
  const map = useRef<L.Map>(null);
  const clusters = useRef<L.MarkerClusterGroup>(null);
  const siteLayer = useRef<L.LayerGroup>(null);
  const markers = useRef(new Map<number, L.Marker>());
  const latest = useRef(props);
  latest.current = props;
  const { preset, url, key } = props.tiles;
  const customGcj02 = props.tiles.gcj02;
  const source = useMemo(() => tileSourceOf({ preset, url, key, gcj02: customGcj02 }), [preset, url, key, customGcj02]);
  const gcj02 = source?.gcj02 ?? false;

  useEffect(() => {
    if (!element.current) return;
    // Clustering needs a deepest zoom, which a map without tiles does not have of itself.
    const created = L.map(element.current, { center: WHOLE_COUNTRY, zoom: 4, minZoom: 2, maxZoom: 18 });
    const group = L.markerClusterGroup({
      chunkedLoading: true,
      showCoverageOnHover: false,
      maxClusterRadius: 60,
      iconCreateFunction: (cluster) => {
        const healths = cluster.getAllChildMarkers().map((marker) => (marker.options as { health?: Health }).health);
        const worst = mostPressing(healths.filter((health): health is Health => health !== undefined));
        const count = cluster.getChildCount();
        const size = count < 100 ? 36 : count < 1000 ? 44 : 52;
        return L.divIcon({
          html: `<span>${count}</span>`,
          className: `fleet-cluster fleet-health--${worst}`,
          iconSize: [size, size],
        });
      },
    });
    // Leaflet's own name only: no flag beside it.
    created.attributionControl.setPrefix('Leaflet');
    created.addLayer(group);
    map.current = created;
    clusters.current = group;
    siteLayer.current = L.layerGroup();
    return () => {
      created.remove();
      map.current = null;
    };
  }, []);

  // The tiles of the preset, when one is set.
  useEffect(() => {
    const current = map.current;
    if (!current || !source) return;
    const layers = [source.url, ...(source.labels ? [source.labels] : [])].map((url) =>
      L.tileLayer(url, { subdomains: source.subdomains, attribution: source.attribution, maxZoom: source.maxZoom }),
    );
    for (const layer of layers) layer.addTo(current);
    return () => {
      for (const layer of layers) layer.remove();
    };
  }, [source]);

  // The machines: all markers replaced at once, the view fitted to them.
  useEffect(() => {
    const group = clusters.current;
    const current = map.current;
    if (!group || !current) return;
    group.clearLayers();
    markers.current.clear();
    const made = props.machines.map((machine) => {
      const marker = L.marker(drawnAt(gcj02, machine.longitude, machine.latitude), {
        icon: L.divIcon({ className: `fleet-marker fleet-health--${machine.health}`, iconSize: [18, 18] }),
        title: latest.current.titleOf(machine),
        health: machine.health,
      } as L.MarkerOptions);
      marker.on('click', () => latest.current.onOpen(machine));
      markers.current.set(machine.id, marker);
      return marker;
    });
    group.addLayers(made);
    if (made.length > 0)
      current.fitBounds(L.latLngBounds(made.map((marker) => marker.getLatLng())).pad(0.1), {
        maxZoom: 16,
        animate: false,
      });
  }, [props.machines, gcj02]);

  // The sites, as small squares above the machines, when asked for.
  useEffect(() => {
    const layer = siteLayer.current;
    const current = map.current;
    if (!layer || !current) return;
    layer.clearLayers();
    if (!props.showSites) {
      layer.remove();
      return;
    }
    for (const site of props.sites) {
      L.marker(drawnAt(gcj02, site.longitude, site.latitude), {
        icon: L.divIcon({ className: 'fleet-site', iconSize: [12, 12] }),
        title: latest.current.siteTitleOf(site),
        zIndexOffset: -1000,
      }).addTo(layer);
    }
    layer.addTo(current);
  }, [props.sites, props.showSites, gcj02]);

  props.handle.current = {
    centre: () => {
      const centre = map.current?.getCenter() ?? L.latLng(WHOLE_COUNTRY);
      return gcj02 ? gcj02ToWgs84(centre.lng, centre.lat) : [centre.lng, centre.lat];
    },
    focus: (machineId) => {
      const marker = markers.current.get(machineId);
      if (marker) clusters.current?.zoomToShowLayer(marker);
    },
  };

  return <section ref={element} className="fleet-map" aria-label={props.label} />;
}
