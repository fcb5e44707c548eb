import { useEffect, useState } from 'react';

/** The time now, moving on every half minute, so that "2m ago" stays true without new data. */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
