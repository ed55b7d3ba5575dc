import { useEffect, useState } from 'react';

/** Seconds left before a code may be sent again, counting down once a second. */
export function useCooldown(): [number, (seconds: number) => void] {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    const timer = window.setTimeout(() => setNow(Date.now()), 1_000);
    return () => window.clearTimeout(timer);
  }, [until, now]);
  const left = Math.max(0, Math.ceil((until - now) / 1_000));
  return [
    left,
    (seconds) => {
      const start = Date.now();
      setNow(start);
      setUntil(start + seconds * 1_000);
    },
  ];
}
