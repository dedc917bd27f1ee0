// Under strict, what the sandbox refused fails the test when the view unmounts: shared by render()
// in jsdom and in Chromium, so both fail with the same code and words.
import type { Declared, SandboxRefusal } from '@extkit/runtime/bridge';
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

/** Under strict, props the host would never deliver: render() and setProps() throw this. */
export function undeclaredProps(who: string, names: string[], declared: Declared): TestingError {
  const one = names.length === 1;
  return new TestingError(
    'testing.prop_undeclared',
    `${who}: ${names.map((n) => JSON.stringify(n)).join(', ')} ${one ? 'is' : 'are'} not in capabilities.props, so the host never delivers ${one ? 'it' : 'them'} (declared: ${declared.props.map((p) => JSON.stringify(p)).join(', ') || 'none'}). Declare ${one ? 'it' : 'them'} in manifest.json, or leave ${one ? 'it' : 'them'} out of the test.`,
  );
}

/** Under strict, events the host dropped: unmount() throws this. */
export function undeclaredEvents(caller: string, kind: string, events: Set<string>, declared: Declared): TestingError {
  const names = [...events].map((n) => JSON.stringify(n));
  const one = names.length === 1;
  return new TestingError(
    'testing.event_undeclared',
    `${caller} (strict): the ${kind} emitted ${names.join(', ')}, which ${one ? 'is' : 'are'} not in capabilities.events, so the host dropped ${one ? 'it' : 'them'} (declared: ${declared.events.map((e) => JSON.stringify(e)).join(', ') || 'none'}). Declare ${one ? 'it' : 'them'} in manifest.json, or stop emitting ${one ? 'it' : 'them'}; to assert the drop itself, render without strict.`,
  );
}
