import { useEffect, useState } from 'react';
import { PHONE_LAYOUT_MEDIA_QUERY } from '../constants';

const matches = (query: string) => typeof window !== 'undefined' && !!window.matchMedia?.(query).matches;

/** Whether the media query matches now; follows the window as it is resized or rotated. */
export function useMediaQuery(query: string): boolean {
  const [matched, setMatched] = useState(() => matches(query));
  useEffect(() => {
    const list = window.matchMedia?.(query);
    if (!list) return;
    const onChange = () => setMatched(list.matches);
    onChange();
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [query]);
  return matched;
}

/**
 * Whether the screen is laid out for a phone: narrower than the breakpoint, or a touch screen held
 * sideways (too short for the desktop layout however wide it is). Decided by pointer and size, never
 * by width alone.
 */
export function usePhoneLayout(): boolean {
  return useMediaQuery(PHONE_LAYOUT_MEDIA_QUERY);
}
