// `--format sarif`: SARIF 2.1.0, what GitHub code scanning and other tools read.
// https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html
import type { Finding, Outcome } from './findings.js';
import { findingsOf } from './findings.js';

export interface SarifTool {
  version: string;
  /** What each code checks: the rule's one-line description. */
  describe: (code: string) => string | undefined;
}

const uri = (file: string): string => file.split('\\').join('/');

/** One run of the extkit driver: every finding a result, every code seen a rule. */
export function renderSarif(outcomes: readonly Outcome[], tool: SarifTool): string {
  const findings = outcomes.flatMap(findingsOf);
  const ruleIndex = new Map<string, number>();
  const rules: object[] = [];
  for (const f of findings) {
    if (ruleIndex.has(f.code)) continue;
    ruleIndex.set(f.code, rules.length);
    const text = tool.describe(f.code) ?? f.code;
    rules.push({
      id: f.code,
      shortDescription: { text },
      helpUri: f.docs,
      defaultConfiguration: { level: f.severity },
    });
  }
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: { name: 'extkit', semanticVersion: tool.version, informationUri: 'https://extkit.dev', rules },
        },
        results: findings.map((f) => result(f, ruleIndex.get(f.code)!)),
        invocations: [{ executionSuccessful: true }],
      },
    ],
  };
  return JSON.stringify(log, null, 2) + '\n';
}

function result(f: Finding, index: number): object {
  const region =
    f.line !== undefined
      ? { region: { startLine: f.line, ...(f.column !== undefined ? { startColumn: f.column } : {}) } }
      : {};
  return {
    ruleId: f.code,
    ruleIndex: index,
    level: f.severity,
    message: { text: f.message },
    locations: [
      {
        physicalLocation: { artifactLocation: { uri: uri(f.file) }, ...region },
        ...(f.path !== undefined
          ? { logicalLocations: [{ fullyQualifiedName: f.path === '' ? '/' : f.path, kind: 'object' }] }
          : {}),
      },
    ],
  };
}

/** A usage error as SARIF: a run that did not execute, with the reason as a notification. */
export function renderUsageErrorSarif(code: string, message: string, tool: SarifTool): string {
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'extkit', semanticVersion: tool.version, informationUri: 'https://extkit.dev' } },
        results: [],
        invocations: [
          {
            executionSuccessful: false,
            toolExecutionNotifications: [{ level: 'error', message: { text: message }, descriptor: { id: code } }],
          },
        ],
      },
    ],
  };
  return JSON.stringify(log, null, 2) + '\n';
}
