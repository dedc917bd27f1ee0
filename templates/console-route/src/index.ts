// The extension's entry: registers the console route that manifest.json declares.
// The types in ./manifest.d.ts come from manifest.json (`extkit types`; `dev` and
// `build` keep them current): props, config and event names are checked.
import { registerRoute } from '@extkit/runtime';
import type { ExtensionMount, RoutePath } from './manifest';
import { formatMoney, progress } from './summary';

const PAGE: RoutePath = '/hello-route';
// A fixed figure, so the page shows its shape with no key and no network. The console-orders template
// reads real orders through @extkit/client and the platform API, routed to the emulator in development (docs/api.md).
const SALES_CENTS = 734_250;

const mount: ExtensionMount = (ctx) => {
  let { props, config } = ctx;
  const heading = document.createElement('h1');
  const line = document.createElement('p');
  const refresh = document.createElement('button');
  refresh.type = 'button';
  refresh.textContent = 'Refresh';
  refresh.addEventListener('click', () => ctx.emit('refresh-requested', { orgId: props.orgId }));
  const render = (): void => {
    heading.textContent = `Orders this month${typeof props.orgId === 'string' ? ` for ${props.orgId}` : ''}`;
    line.textContent = `${formatMoney(SALES_CENTS, config.currency)}: ${progress(SALES_CENTS, config.target)}% of the target`;
  };
  ctx.root.append(heading, line, refresh);
  render();
  const offProps = ctx.onProps((next) => ((props = next), render()));
  const offConfig = ctx.onConfig((next) => ((config = next), render()));
  return () => {
    offProps();
    offConfig();
  };
};

registerRoute(PAGE, mount);
