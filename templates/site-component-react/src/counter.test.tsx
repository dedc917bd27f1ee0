// @vitest-environment jsdom
import { render } from '@extkit/testing';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import './index';

// Tells React this is a test, so act() applies renders and effects before it returns.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// settled(): in Chromium the component runs in its own frame, a message away (in jsdom it resolves at once).
const mount = async (options: Parameters<typeof render>[1]) => {
  const view = await act(() => render('acme.hello-react.counter', options));
  await view.settled();
  return view;
};

describe('the React counter, mounted as the host mounts it', () => {
  it('renders the title and the configured label', async () => {
    const view = await mount({ props: { title: 'Summer sale' }, config: { label: 'Add' }, strict: true });
    expect(view.root.querySelector('h2')!.textContent).toBe('Summer sale');
    expect(view.root.querySelector('button')!.textContent).toBe('Add: 0');
    await act(async () => view.setProps({}));
    await view.settled();
    expect(view.root.querySelector('h2')!.textContent).toBe('Hello from React');
  });

  it('counts by the configured step and tells the host', async () => {
    const view = await mount({ config: { step: 3 }, strict: true });
    const button = view.root.querySelector('button')!;
    await act(async () => button.click());
    await act(async () => button.click());
    await view.settled();
    expect(button.textContent).toBe('Count: 6');
    expect(view.events).toEqual([
      { name: 'counted', detail: { count: 3 } },
      { name: 'counted', detail: { count: 6 } },
    ]);
  });

  it('unmounts the React root when the host removes it', async () => {
    const view = await mount({ strict: true });
    await act(async () => view.unmount());
    expect(view.root.childElementCount).toBe(0);
  });
});
