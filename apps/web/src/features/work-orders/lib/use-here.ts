import { useEffect, useState } from 'react';
import type { Place } from './field-trip.ts';

/** Where the phone is, asked once (the browser asks the user); null while unknown or refused. */
export function useHere(): { here: Place | null; refused: boolean } {
  const [here, setHere] = useState<Place | null>(null);
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    if (!('geolocation' in navigator)) {
      setRefused(true);
      return;
    }
    let live = true;
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => live && setHere({ latitude: coords.latitude, longitude: coords.longitude }),
      () => live && setRefused(true),
      { maximumAge: 60_000, timeout: 15_000 },
    );
    return () => {
      live = false;
    };
  }, []);
  return { here, refused };
}
