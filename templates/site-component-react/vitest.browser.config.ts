import { defineBrowserConfig } from '@extkit/testing/browser';

// The same tests in Chromium (`npm run test:browser`): render() mounts each contribution in a real frame,
// sandbox="allow-scripts" with the manifest's Content-Security-Policy, as the preview and the platform do.
// defineBrowserConfig() is vitest's browser mode on the system's Chromium (CHROMIUM_PATH to choose another),
// with the options you pass merged over it (docs: @extkit/testing, "The same tests in Chromium"); `npm test` stays in jsdom.
export default defineBrowserConfig();
