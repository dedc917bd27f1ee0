/** Images and fonts an extension may import (from its code or its CSS): inlined as data URLs by esbuild's `dataurl` loader. */
export const ASSET_EXTENSIONS = [
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.webp',
  '.avif',
  '.svg',
  '.ico',
  '.bmp',
  '.woff',
  '.woff2',
  '.ttf',
  '.otf',
  '.eot',
];

/** The largest image or font inlined into a bundle (kit policy): every placement downloads the bundle. */
export const ASSET_INLINE_LIMIT = 16 * 1024;
