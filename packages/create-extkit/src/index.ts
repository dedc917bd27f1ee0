export { create, exitCodeOf } from './create.js';
export { listTemplates, templatesRoot, DEFAULT_TEMPLATE } from './templates.js';
export { terminalPrompter } from './prompt.js';
export { formatCreateResult, formatTemplateList, nextSteps, packageManager } from './format.js';
export { run } from './cli.js';
export type { CreateCode, CreateDiagnostic, CreateInput, CreateResult, Field, Prompter, Template } from './types.js';
