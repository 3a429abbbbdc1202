import { PathIcon } from '../../shell/icons';

// The form's glyphs as inline SVG paths: no icon font, no request.

const PATHS = {
  plus: 'M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6z',
  minus: 'M5 11h14v2H5z',
  trash: 'M9 3h6l1 2h4v2H4V5h4zm-3 6h12l-1 12a2 2 0 0 1-2 2H9a2 2 0 0 1-2-2zm4 2v9h2v-9zm4 0v9h2v-9z',
  cross: 'M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4z',
  photo:
    'M4 5h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2zm0 12h16l-5-7-4 5-2.5-3zm4-8a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3z',
  video: 'M4 6h11a2 2 0 0 1 2 2v1.5l4-2.5v10l-4-2.5V16a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2z',
  check: 'M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z',
  forward: 'M8.6 5.4 10 4l8 8-8 8-1.4-1.4 6.6-6.6z',
  back: 'M15.4 5.4 14 4l-8 8 8 8 1.4-1.4L8.8 12z',
} as const;

export type FormIconName = keyof typeof PATHS;

export function FormIcon({ name, size = 20 }: { name: FormIconName; size?: number }) {
  return <PathIcon path={PATHS[name]} size={size} />;
}
