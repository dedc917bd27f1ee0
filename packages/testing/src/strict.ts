// Under strict, what the sandbox refused fails the test when the view unmounts: shared by render()
// in jsdom and in Chromium, so both fail with the same code and words.
import type { SandboxRefusal } from '@extkit/runtime/bridge';
import { TestingError, sandboxCode } from './errors.js';
import type { BlockedRequest } from './guards.js';

/** Under strict, the sandbox's refusals fail the test at unmount: the first one's permission names the code. */
export function strictRefusals(
  caller: string,
  kind: string,
  refused: SandboxRefusal[],
  blocked: BlockedRequest[],
): void {
  const first = refused[0];
  if (first) {
    const others = refused.length > 1 ? ` (and ${refused.length - 1} more on view.refused)` : '';
    throw new TestingError(
      sandboxCode(first.permission),
      `${caller} (strict): the ${kind} tried ${first.via}${first.target ? ` (${first.target})` : ''}${others}. ${first.fix} To assert the refusal itself, render without strict and read view.refused.`,
    );
  }
  if (blocked.length) {
    const { url, directive, fix } = blocked[0]!;
    const others = blocked.length > 1 ? ` (and ${blocked.length - 1} more on view.blocked)` : '';
    const why =
      directive === 'script integrity'
        ? `gave a script ${url} an integrity, which the sandbox strips`
        : `requested ${url}, which the sandbox's Content-Security-Policy (${directive}) refuses`;
    throw new TestingError(
      'testing.network_blocked',
      `${caller} (strict): the ${kind} ${why}${others}. ${fix.replace(/\.$/, '')}. To assert the refusal itself, render without strict and read view.blocked.`,
    );
  }
}
