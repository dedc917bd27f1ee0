export { create, exitCodeOf } from './create.js';
export { listTemplates, templatesRoot, DEFAULT_TEMPLATE } from './templates.js';
export { terminalPrompter } from './prompt.js';
export {
  formatCreated,
  formatCreateResult,
  formatNextSteps,
  formatTemplateList,
  nextSteps,
  packageManager,
  type PackageManager,
} from './format.js';
export { installDependencies, registryImports, type InstallResult } from './install.js';
export { run } from './cli.js';
export type { CreateCode, CreateDiagnostic, CreateInput, CreateResult, Field, Prompter, Template } from './types.js';
