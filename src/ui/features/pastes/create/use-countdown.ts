import { useEffect, useState } from 'react';

/** Seconds left from `seconds` down to 0, ticking once a second; `onElapsed` runs at 0. */
export function useCountdown(seconds: number, onElapsed: () => void): number {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (left <= 0) {
      onElapsed();
      return;
    }
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, onElapsed]);
  return left;
}
