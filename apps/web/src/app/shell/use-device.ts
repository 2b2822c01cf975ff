import { debounce } from 'lodash-es';
import { useEffect } from 'react';
import { deviceFor } from '@/lib/layout-rules.ts';
import { setDevice } from '@/lib/layout-state.ts';

/** Spec §4: the device switches between desktop and mobile as the window is resized. */
export function useDeviceWatcher(): void {
  useEffect(() => {
    const update = debounce(() => setDevice(deviceFor(window.innerWidth)), 100);
    setDevice(deviceFor(window.innerWidth));
    window.addEventListener('resize', update);
    return () => {
      update.cancel();
      window.removeEventListener('resize', update);
    };
  }, []);
}
