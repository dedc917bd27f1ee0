import { useState } from 'react';
import { headingText, nextCount } from './count';
import type { Config, EventName, Props } from './manifest';

export interface CounterProps {
  props: Props;
  config: Config;
  emit: (event: EventName, detail?: unknown) => void;
}

/** The component the site shows: a heading and a button that counts. */
export function Counter({ props, config, emit }: CounterProps) {
  const [count, setCount] = useState(0);
  const onClick = () => {
    const next = nextCount(count, config.step);
    setCount(next);
    emit('counted', { count: next });
  };
  return (
    <section style={{ fontFamily: 'system-ui, sans-serif' }}>
      <h2>{headingText(props.title)}</h2>
      <button type="button" onClick={onClick}>
        {config.label}: {count}
      </button>
    </section>
  );
}
