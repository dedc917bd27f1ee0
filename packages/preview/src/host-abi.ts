/** The host ABI generation this kit's preview emulates by default (`extkit dev --host-abi` emulates another). */
export const HOST_ABI = 1;
