// The extension's entry: registers the component that manifest.json declares and
// renders it with React. The types in ./manifest.d.ts come from manifest.json
// (`extkit types`; `dev` and `build` keep them current).
import { registerComponent } from '@extkit/runtime';
import { createRoot } from 'react-dom/client';
import { Counter } from './Counter';
import type { ComponentId, ExtensionMount } from './manifest';

const COUNTER: ComponentId = 'acme.hello-react.counter';

const mount: ExtensionMount = (ctx) => {
  const root = createRoot(ctx.root);
  let { props, config } = ctx;
  const render = () =>
    root.render(<Counter props={props} config={config} emit={(event, detail) => ctx.emit(event, detail)} />);
  render();
  const offProps = ctx.onProps((next) => ((props = next), render()));
  const offConfig = ctx.onConfig((next) => ((config = next), render()));
  return () => {
    offProps();
    offConfig();
    root.unmount();
  };
};

registerComponent(COUNTER, mount);
