/**
 * WGS-84 → GCJ-02, the offset China's map providers (AMap, Tencent) draw their tiles in: the
 * published approximation (Krasovsky ellipsoid), good to a metre or two. Positions are stored and
 * sent in WGS-84 (as GPS gives them); the map moves them only to draw them on GCJ-02 tiles.
 * Outside China the two agree, and the position is left as it is.
 */
const AXIS = 6_378_245.0;
const ECCENTRICITY_SQUARED = 0.006_693_421_622_965_943;

/** A rough box around China (as the transform's reference code draws it). */
export function outsideChina(longitude: number, latitude: number): boolean {
  return longitude < 72.004 || longitude > 137.8347 || latitude < 0.8293 || latitude > 55.8271;
}

function latitudeOffset(x: number, y: number): number {
  let value = -100 + 2 * x + 3 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x));
  value += ((20 * Math.sin(6 * x * Math.PI) + 20 * Math.sin(2 * x * Math.PI)) * 2) / 3;
  value += ((20 * Math.sin(y * Math.PI) + 40 * Math.sin((y / 3) * Math.PI)) * 2) / 3;
  value += ((160 * Math.sin((y / 12) * Math.PI) + 320 * Math.sin((y * Math.PI) / 30)) * 2) / 3;
  return value;
}

function longitudeOffset(x: number, y: number): number {
  let value = 300 + x + 2 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x));
  value += ((20 * Math.sin(6 * x * Math.PI) + 20 * Math.sin(2 * x * Math.PI)) * 2) / 3;
  value += ((20 * Math.sin(x * Math.PI) + 40 * Math.sin((x / 3) * Math.PI)) * 2) / 3;
  value += ((150 * Math.sin((x / 12) * Math.PI) + 300 * Math.sin((x / 30) * Math.PI)) * 2) / 3;
  return value;
}

/** A WGS-84 position `[longitude, latitude]` as GCJ-02 tiles draw it. */
export function wgs84ToGcj02(longitude: number, latitude: number): [number, number] {
  if (outsideChina(longitude, latitude)) return [longitude, latitude];
  const radLat = (latitude / 180) * Math.PI;
  const magic = 1 - ECCENTRICITY_SQUARED * Math.sin(radLat) ** 2;
  const sqrtMagic = Math.sqrt(magic);
  const dLat =
    (latitudeOffset(longitude - 105, latitude - 35) * 180) /
    (((AXIS * (1 - ECCENTRICITY_SQUARED)) / (magic * sqrtMagic)) * Math.PI);
  const dLng =
    (longitudeOffset(longitude - 105, latitude - 35) * 180) / ((AXIS / sqrtMagic) * Math.cos(radLat) * Math.PI);
  return [longitude + dLng, latitude + dLat];
}

/** A GCJ-02 position back to WGS-84 (the map centre's, for "near here"): inverted by a few steps, to centimetres. */
export function gcj02ToWgs84(longitude: number, latitude: number): [number, number] {
  if (outsideChina(longitude, latitude)) return [longitude, latitude];
  let guess: [number, number] = [longitude, latitude];
  for (let step = 0; step < 5; step++) {
    const [lng, lat] = wgs84ToGcj02(guess[0], guess[1]);
    guess = [guess[0] - (lng - longitude), guess[1] - (lat - latitude)];
  }
  return guess;
}
