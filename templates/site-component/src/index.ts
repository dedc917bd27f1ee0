// The extension's entry: registers the component that manifest.json declares.
// The types in ./manifest.d.ts come from manifest.json (`extkit types`; `dev` and
// `build` keep them current): props, config and event names are checked.
import { registerComponent } from '@extkit/runtime';
import { accentColor, greetingText, likesLabel } from './card';
import type { ComponentId, ExtensionMount } from './manifest';

const CARD: ComponentId = 'acme.hello-card.card';

const mount: ExtensionMount = (ctx) => {
  let { props, config } = ctx;
  let likes = 0;
  const heading = document.createElement('h2');
  const button = document.createElement('button');
  button.type = 'button';
  const render = (): void => {
    heading.textContent = greetingText(config.greeting, props.title);
    heading.style.color = accentColor(config.accent);
    button.textContent = likesLabel(likes);
  };
  button.addEventListener('click', () => {
    likes += 1;
    render();
    ctx.emit('liked', { likes });
  });
  ctx.root.append(heading, button);
  render();
  const offProps = ctx.onProps((next) => ((props = next), render()));
  const offConfig = ctx.onConfig((next) => ((config = next), render()));
  return () => {
    offProps();
    offConfig();
  };
};

registerComponent(CARD, mount);
