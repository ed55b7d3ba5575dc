/** The Chromium the browser tests and the bench drive: Debian's, unless CHROME_PATH names another. */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Its flags: no sandbox (it runs as root in a container), no GPU, and none of its own traffic in the measurements. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
