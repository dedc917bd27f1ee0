import { registerComponent } from '@extkit/runtime';

registerComponent('acme.weather-widget.card', (ctx) => {
  const render = () => {
    const city = String(ctx.props.city ?? 'Lisbon');
    const units = ctx.config.units === 'f' ? '°F' : '°C';
    ctx.root.textContent = `${city}: forecast for ${String(ctx.config.days ?? 5)} days in ${units}`;
  };
  render();
  ctx.root.addEventListener('click', () => ctx.emit('select', { city: ctx.props.city }));
  const offProps = ctx.onProps(render);
  const offConfig = ctx.onConfig(render);
  return () => {
    offProps();
    offConfig();
  };
});
