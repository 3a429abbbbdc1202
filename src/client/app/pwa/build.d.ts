/** The build's label (APP_BUILD_LABEL or the package version), set by vite.config.ts's `define`. */
declare const __APP_BUILD__: string;
