/** The app's theme colour: the manifest's, and the background of the maskable icons. */
export const THEME = '#0b6e8f';
