/** A valid manifest with as little as the rules ask for: one site component, publisher `acme`. */
export const minimal = {
  id: 'w',
  name: 'W',
  version: '1.0.0',
  entry: 'dist/index.js',
  hostAbi: 1,
  contributes: { site: { components: ['acme.w.card'] } },
};
