import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `intervalMs`, so a notice that depends on the clock (support hours) changes
 * while the page stays open. It reads `new Date()`, which a test's controlled clock also moves.
 */
export function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
