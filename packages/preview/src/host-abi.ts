/** The host ABI generation this kit's preview emulates by default (`extkit dev --host-abi` emulates another); one value, the runtime's. */
export { HOST_ABI } from '@extkit/runtime';
