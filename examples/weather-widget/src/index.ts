import { registerComponent } from '@extkit/runtime';

registerComponent('acme.weather-widget.card', (ctx) => {
  const render = () => {
    const city = typeof ctx.props.city === 'string' ? ctx.props.city : 'Lisbon';
    const units = ctx.config.units === 'f' ? '°F' : '°C';
    ctx.root.textContent = `${city}: forecast for ${typeof ctx.config.days === 'number' ? ctx.config.days : 5} days in ${units}`;
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
