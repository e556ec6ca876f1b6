// KeyValueList: facts as label/value pairs (a description list), two columns where there is
// room and stacked on narrow screens, with no browser-default indentation.
import type { ReactNode } from 'react';

export interface KeyValueItem {
  id: string;
  label: ReactNode;
  value: ReactNode;
}

export interface KeyValueListProps {
  items: readonly KeyValueItem[];
  className?: string;
}

export function KeyValueList({ items, className }: KeyValueListProps) {
  return (
    <dl className={className ? `kv ${className}` : 'kv'}>
      {items.map((item) => (
        <div key={item.id} className="kv__row" data-key={item.id}>
          <dt className="kv__label">{item.label}</dt>
          <dd className="kv__value">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
