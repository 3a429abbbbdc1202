import { PathIcon } from '../../shell/icons';

// The page's own small inline icons (the shell's set covers navigation only). Decorative: the text
// beside each icon carries the meaning.

const PATHS = {
  clock:
    'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16zm-1 3v5.4l4.3 2.6 1-1.7-3.3-2V7z',
  group:
    'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm8 0a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM9 13c-3.3 0-7 1.6-7 4v3h14v-3c0-2.4-3.7-4-7-4zm8 0c-.5 0-1 0-1.5.1 1.5 1 2.5 2.3 2.5 3.9v3h5v-3c0-2.2-3.3-4-6-4z',
  mountain: 'M14 6 9.5 12l2.6 3.4-1.6 1.2L6 10.6 1 17h22z',
  lunch:
    'M7 2v7a2 2 0 0 1-1 1.7V22H4V10.7A2 2 0 0 1 3 9V2h1v6h1V2h1v6h1V2zm9 0c2.2 0 4 2.5 4 6 0 2.2-1.1 3.8-3 4.4V22h-2V2z',
  child: 'M12 2a3 3 0 1 1 0 6 3 3 0 0 1 0-6zm-2 7h4a2 2 0 0 1 2 2v5h-2v6h-4v-6H8v-5a2 2 0 0 1 2-2z',
  pin: 'M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z',
  check: 'm9 16.2-4.2-4.2-1.4 1.4L9 19 21 7l-1.4-1.4z',
  cross: 'M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4z',
  chevron: 'M7.4 8.6 12 13.2l4.6-4.6L18 10l-6 6-6-6z',
} as const;

export type PageIconName = keyof typeof PATHS;

export function PageIcon({ name, size = 20 }: { name: PageIconName; size?: number }) {
  return <PathIcon path={PATHS[name]} size={size} />;
}
