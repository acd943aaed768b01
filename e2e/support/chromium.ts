/** Debian's Chromium: Playwright never downloads a browser for this project. */
export const CHROMIUM_PATH = "/usr/bin/chromium";

/** How the browser tests and the console benchmark start it. */
export const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // A fake microphone (a tone) that needs no permission prompt: dictation and audio tests.
  "--use-fake-device-for-media-stream",
  "--use-fake-ui-for-media-stream",
];
