// Keyboard model shared by the plan radio groups (WAI-ARIA radio group): arrows move the
// selection (wrapping), Home/End jump to the ends, and the newly selected radio takes focus.
import { useRef, type KeyboardEvent } from 'react';

export function useRadioGroupKeys(ids: readonly string[], selectedId: string | undefined, onSelect: (id: string) => void) {
  const refs = useRef<Record<string, HTMLElement | null>>({});
  const index = Math.max(0, ids.findIndex((id) => id === selectedId));

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const targets: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: ids.length - 1,
    };
    const target = targets[event.key];
    if (target === undefined || ids.length === 0) return;
    event.preventDefault();
    const id = ids[(target + ids.length) % ids.length];
    if (id === undefined) return;
    onSelect(id);
    refs.current[id]?.focus();
  };

  const register = (id: string) => (element: HTMLElement | null) => {
    refs.current[id] = element;
  };

  /** The radio that is in the tab order: the selected one, else the first. */
  const tabStop = ids[index];
  return { onKeyDown, register, tabStop };
}
