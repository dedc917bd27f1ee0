export { HOST_ABI } from './host-abi.js';
export { adoptStyles } from './styles.js';
export type { ContributionKind, ExtensionContext, Mount } from './context.js';
export {
  registerComponent,
  registerFeature,
  registerOrgRoute,
  registerRoute,
  registerShell,
  registerSlot,
} from './register.js';
export { REGISTRY_KEY, getRegistrations, getRegistry } from './registry.js';
export type { Registry, RegistryEntry } from './registry.js';
