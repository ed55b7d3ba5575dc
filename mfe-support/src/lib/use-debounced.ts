import { useEffect, useState } from 'react';

/** `value`, once it has stopped changing for `delayMs` (the help-topic search waits TIMINGS.searchDebounceMs). */
export function useDebounced<Value>(value: Value, delayMs: number): Value {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
