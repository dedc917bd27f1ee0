// The extension's entry: registers the console slot that manifest.json declares.
// The types in ./manifest.d.ts come from manifest.json (`extkit types`; `dev` and
// `build` keep them current): props, config and event names are checked.
import { registerSlot } from '@extkit/runtime';
import type { ExtensionMount, SlotId } from './manifest';
import { checkNote, remaining } from './note';

const SIDEBAR: SlotId = 'orders.sidebar';

const mount: ExtensionMount = (ctx) => {
  let { props, config } = ctx;
  const heading = document.createElement('h3');
  const box = document.createElement('textarea');
  const status = document.createElement('p');
  const save = document.createElement('button');
  save.type = 'button';
  save.textContent = 'Save note';
  const render = (): void => {
    heading.textContent = typeof props.orderId === 'string' ? `Notes on order ${props.orderId}` : 'Order notes';
    box.placeholder = config.placeholder;
    status.textContent = remaining(box.value, config.maxLength);
  };
  box.addEventListener('input', render);
  save.addEventListener('click', () => {
    const checked = checkNote(box.value, config.maxLength);
    if (!checked.ok) {
      status.textContent = checked.reason;
      return;
    }
    ctx.emit('note-saved', { orderId: props.orderId, note: checked.note });
    box.value = '';
    render();
  });
  ctx.root.append(heading, box, status, save);
  render();
  const offProps = ctx.onProps((next) => ((props = next), render()));
  const offConfig = ctx.onConfig((next) => ((config = next), render()));
  return () => {
    offProps();
    offConfig();
  };
};

registerSlot(SIDEBAR, mount);
