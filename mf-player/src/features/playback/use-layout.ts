import { usePhoneLayout } from '@cliffhanger/shared';

export type PlayerLayout = 'mobile' | 'desktop';

/**
 * Mobile (immersive) under 768 px (product.md#player) and on a phone held sideways, desktop otherwise;
 * follows the window as it is resized or rotated.
 */
export function usePlayerLayout(): PlayerLayout {
  return usePhoneLayout() ? 'mobile' : 'desktop';
}
