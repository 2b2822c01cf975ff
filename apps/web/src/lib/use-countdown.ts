import { useEffect, useState } from 'react';

/**
 * Seconds left before something may be done again (sending another code), counting down once a
 * second to 0: `const [wait, startWait] = useCountdown(); … startWait(60)`.
 */
export function useCountdown(): [seconds: number, start: (seconds: number) => void] {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setTimeout(() => setSeconds((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);
  return [seconds, setSeconds];
}
