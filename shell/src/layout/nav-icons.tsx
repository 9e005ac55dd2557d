/** The header's navigation icons, inline SVG (no icon font). Decorative: the link carries the name. */
const PATHS = {
  foryou: 'M7 3h10a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zm3 5.5v7l5.5-3.5L10 8.5z',
  search:
    'M10.5 3a7.5 7.5 0 0 1 5.96 12.05l4.25 4.24-1.42 1.42-4.24-4.25A7.5 7.5 0 1 1 10.5 3zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11z',
  mylist: 'M6 3h12a1 1 0 0 1 1 1v17l-7-4-7 4V4a1 1 0 0 1 1-1zm1 2v12.55l5-2.86 5 2.86V5H7z',
  rewards:
    'M20 7h-2.18A3 3 0 0 0 12 4.02 3 3 0 0 0 6.18 7H4a1 1 0 0 0-1 1v3a1 1 0 0 0 1 1v8a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-8a1 1 0 0 0 1-1V8a1 1 0 0 0-1-1zM15 6a1 1 0 1 1 0 2h-2V7a1 1 0 0 1 2-1zM9 6a1 1 0 0 1 1 1v1H9a1 1 0 0 1 0-2zM5 9h6v1H5V9zm1 3h5v7H6v-7zm7 7v-7h5v7h-5zm6-9h-6V9h6v1z',
} as const;

export type NavIconName = keyof typeof PATHS;

export function NavIcon({ name, size = 22 }: { name: NavIconName; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} fillRule="evenodd" />
    </svg>
  );
}
