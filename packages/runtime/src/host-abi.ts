/** The host ABI generation this kit builds for and emulates: `verify` checks against it and `extkit dev` previews it unless told another. */
export const HOST_ABI = 1;
