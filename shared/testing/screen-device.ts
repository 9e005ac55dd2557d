/**
 * A screen for jsdom's `window.matchMedia`, which jsdom lacks: media queries made of `(max-width: …px)`,
 * `(min-width: …px)`, `(max-height: …px)`, `(min-height: …px)`, `(pointer: …)` and
 * `(orientation: …)`, joined by `and` and `,`, are answered for the given size and pointer.
 * `rotate` turns it and tells every listener whose answer changed.
 */
export interface ScreenDevice {
  width: number;
  height: number;
  pointer: 'coarse' | 'fine';
}

function feature(device: ScreenDevice, text: string): boolean {
  const match = /^\(\s*([a-z-]+)\s*:\s*([a-z0-9.]+?)(px)?\s*\)$/.exec(text.trim());
  if (!match) throw new Error(`This test screen does not know the media feature ${text}`);
  const [, name, value] = match;
  const orientation = device.width > device.height ? 'landscape' : 'portrait';
  switch (name) {
    case 'max-width':
      return device.width <= Number(value);
    case 'min-width':
      return device.width >= Number(value);
    case 'max-height':
      return device.height <= Number(value);
    case 'min-height':
      return device.height >= Number(value);
    case 'pointer':
      return device.pointer === value;
    case 'orientation':
      return orientation === value;
    default:
      throw new Error(`This test screen does not know the media feature ${name}`);
  }
}

export function matchesScreen(device: ScreenDevice, query: string): boolean {
  return query.split(',').some((alternative) => alternative.split(/\band\b/).every((part) => feature(device, part)));
}

/** Installs the screen as `window.matchMedia`; answers its controls. */
export function emulateScreen(initial: ScreenDevice) {
  let device = initial;
  const lists: Array<{ query: string; matches: boolean; listeners: Set<() => void> }> = [];
  const original = window.matchMedia;
  window.matchMedia = (query: string) => {
    const entry = { query, matches: matchesScreen(device, query), listeners: new Set<() => void>() };
    lists.push(entry);
    return {
      media: query,
      get matches() {
        return matchesScreen(device, query);
      },
      addEventListener: (_type: string, listener: () => void) => entry.listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => entry.listeners.delete(listener),
    } as unknown as MediaQueryList;
  };
  return {
    rotate(next: ScreenDevice) {
      device = next;
      for (const entry of lists) {
        const now = matchesScreen(device, entry.query);
        if (now === entry.matches) continue;
        entry.matches = now;
        for (const listener of entry.listeners) listener();
      }
    },
    restore() {
      window.matchMedia = original;
    },
  };
}

export const PHONE_PORTRAIT: ScreenDevice = { width: 390, height: 844, pointer: 'coarse' };
export const PHONE_LANDSCAPE: ScreenDevice = { width: 844, height: 390, pointer: 'coarse' };
export const DESKTOP: ScreenDevice = { width: 1440, height: 900, pointer: 'fine' };
