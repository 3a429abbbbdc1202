// Shown as <html data-build>: lets an update be seen (and tested) without touching any screen.
export const BUILD_LABEL = process.env.APP_BUILD_LABEL ?? process.env.npm_package_version ?? 'dev';

/** The `define` of every build of the app's code: the label above, as `__APP_BUILD__`. */
export const BUILD_DEFINE = { __APP_BUILD__: JSON.stringify(BUILD_LABEL) };
