import { PathIcon } from '../../shell/icons';

// Inline icons of the seller's screens (24×24 paths; no icon font, no request).

const PATHS = {
  plus: 'M11 4h2v7h7v2h-7v7h-2v-7H4v-2h7z',
  chevron: 'M8.6 5.4 10 4l8 8-8 8-1.4-1.4 6.6-6.6z',
  edit: 'M4 17.2V20h2.8l8.3-8.3-2.8-2.8zm14.7-7.5a.8.8 0 0 0 0-1.1l-1.8-1.8a.8.8 0 0 0-1.1 0l-1.4 1.4 2.8 2.8z',
  calendar:
    'M7 2v2H5a2 2 0 0 0-2 2v13a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-2V2h-2v2H9V2zM5 9h14v10H5zm2 2v2h2v-2zm4 0v2h2v-2zm4 0v2h2v-2z',
  eye: 'M12 5c-5 0-9 4.5-10 7 1 2.5 5 7 10 7s9-4.5 10-7c-1-2.5-5-7-10-7zm0 11a4 4 0 1 1 0-8 4 4 0 0 1 0 8zm0-6a2 2 0 1 0 0 4 2 2 0 0 0 0-4z',
  clock:
    'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16zm.5-13H11v6l5.2 3.1.8-1.2-4.5-2.7z',
  cloudOff:
    'M3.3 2 2 3.3l3 3A6.5 6.5 0 0 0 6.5 19H18l2.7 2.7 1.3-1.3zM19.4 10A7 7 0 0 0 9 5.6l10.2 10.2A4.5 4.5 0 0 0 19.4 10z',
  close: 'M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4z',
} as const;

export type SellerIconName = keyof typeof PATHS;

export function SellerIcon({ name, size = 24 }: { name: SellerIconName; size?: number }) {
  return <PathIcon path={PATHS[name]} size={size} />;
}
