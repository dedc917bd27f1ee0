// The extension's entry: registers the site feature that manifest.json declares.
// The types in ./manifest.d.ts come from manifest.json (`extkit types`; `dev` and
// `build` keep them current): props, config and event names are checked.
import { registerFeature } from '@extkit/runtime';
import { shouldShow, toneColors } from './announcement';
import type { ExtensionMount, FeatureId } from './manifest';

const ANNOUNCEMENT: FeatureId = 'acme.hello-feature.announcement';

const mount: ExtensionMount = (ctx) => {
  let { props, config } = ctx;
  let dismissed = false;
  const bar = document.createElement('div');
  const text = document.createElement('span');
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = 'Dismiss';
  close.setAttribute('aria-label', 'Dismiss the announcement');
  Object.assign(bar.style, {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    padding: '8px 12px',
    font: '14px system-ui, sans-serif',
  });
  bar.append(text, close);
  const render = (): void => {
    bar.hidden = !shouldShow(props.path, { dismissed, hideOnCheckout: config.hideOnCheckout });
    Object.assign(bar.style, toneColors(config.tone));
    text.textContent = config.message;
  };
  close.addEventListener('click', () => {
    dismissed = true;
    render();
    ctx.emit('dismissed', { path: props.path });
  });
  ctx.root.append(bar);
  render();
  const offProps = ctx.onProps((next) => ((props = next), render()));
  const offConfig = ctx.onConfig((next) => ((config = next), render()));
  return () => {
    offProps();
    offConfig();
  };
};

registerFeature(ANNOUNCEMENT, mount);
