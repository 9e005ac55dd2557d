import { MOBILE_BREAKPOINT_PX } from '@cliffhanger/shared';
import { useEffect, useState } from 'react';
import type { PlayerLayout } from './player-view';

/** Mobile under 768 px (product.md#player), desktop from there; follows the window as it is resized or rotated. */
export function usePlayerLayout(): PlayerLayout {
  const query = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;
  const get = (): PlayerLayout =>
    typeof window !== 'undefined' && window.matchMedia?.(query).matches ? 'mobile' : 'desktop';
  const [layout, setLayout] = useState<PlayerLayout>(get);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query is a constant
  useEffect(() => {
    const list = window.matchMedia?.(query);
    if (!list) return;
    const onChange = () => setLayout(list.matches ? 'mobile' : 'desktop');
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, []);
  return layout;
}
