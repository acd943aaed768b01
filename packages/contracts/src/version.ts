/** The product version shown in the console header and reported by /api/health. */
export const APP_VERSION = "0.3.9";
