// The extension's entry: registers the console shell (manifest.json declares
// `"console": { "shell": true }`). The types in ./manifest.d.ts come from
// manifest.json (`extkit types`; `dev` and `build` keep them current).
import { registerShell } from '@extkit/runtime';
import type { ExtensionMount } from './manifest';
import { navItems, userLabel } from './nav';

const mount: ExtensionMount = (ctx) => {
  let { props, config } = ctx;
  const header = document.createElement('header');
  const title = document.createElement('strong');
  const user = document.createElement('span');
  const nav = document.createElement('nav');
  header.append(title, ' · ', user);
  const render = (): void => {
    title.textContent = config.title;
    user.textContent = userLabel(props.user);
    nav.replaceChildren(
      ...navItems(config.compact).map((item) => {
        const link = document.createElement('button');
        link.type = 'button';
        link.textContent = item.label;
        link.addEventListener('click', () => ctx.emit('navigate', { path: item.path }));
        return link;
      }),
    );
  };
  ctx.root.append(header, nav);
  render();
  const offProps = ctx.onProps((next) => ((props = next), render()));
  const offConfig = ctx.onConfig((next) => ((config = next), render()));
  return () => {
    offProps();
    offConfig();
  };
};

registerShell(mount);
