/**
 * Apps of the web app's registry a marketplace app shortcut may pin to the desktop and the
 * dashboard, and the preference they are kept under (a list of these ids). No zod here: the
 * dashboard's shell reads the pins on every page.
 */
export const pinnableAppIds = ["terminal", "analytics", "ide", "vector-search", "neuro-equality"] as const;
export type PinnableAppId = (typeof pinnableAppIds)[number];
export const PINNED_APPS_PREFERENCE = "pinned-apps";
