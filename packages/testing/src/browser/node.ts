// @extkit/testing/browser: the Node side of the browser run, for a project's vitest.browser.config.ts:
// defineBrowserConfig() gives the whole config; extkitBrowser() and systemChromium() are its parts,
// for a config written by hand.
export { defineBrowserConfig } from './config.js';
export { extkitBrowser, systemChromium, type ExtkitBrowserPlugin } from './plugin.js';
