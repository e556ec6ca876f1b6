// What a visitor does on a pre-rendered page before the app has hydrated it (docs/decisions/048):
// the first sign of a visitor (a pointer, a key, a touch, a focus, a scroll) starts the app, and
// what the page could not answer on its own is held and handed to the app once it has hydrated:
// what was typed, ticked or chosen (sent to the views as the change events React listens to),
// the buttons pressed, and a form sent (the before-paint script holds it: scripts/prerender.ts).
// What the page answers on its own meanwhile (its disclosures, the language switcher) is not held:
// src/lib/early-controls.ts. Nothing heavy imported: this runs in the entry, before React is even
// downloaded.
// With its extension: vite.config.ts reaches this file through scripts/prerender.ts, and Vite's config loader resolves no other way.
import { DISCLOSURE } from './early-controls.ts';

/** The events that say a visitor is about to use the page. */
const INTENT = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'scroll', 'wheel', 'input', 'change', 'submit'] as const;

/** Where the before-paint script puts a form sent before hydration (scripts/prerender.ts). */
export const HELD_FORM = '__fitstreamHeldForm';

/**
 * The attribute of a form whose native submission goes where the app would send it (the
 * landing's email entry: a GET to /register?email=): sent at once rather than held.
 */
export const NATIVE_FORM = 'data-native-submit';

/**
 * Where the before-paint script of a page the worker drew (offline /downloads) keeps the buttons
 * pressed before this entry ran (scripts/prerender.ts); null once `holdInput` has taken them.
 */
export const HELD_PRESSES = '__fitstreamHeldPresses';

declare global {
  interface Window {
    [HELD_FORM]?: EventTarget | null;
    [HELD_PRESSES]?: EventTarget[] | null;
  }
}

/** Calls `start` once, at the visitor's first sign of using the page. */
export function startOnIntent(start: () => void): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    for (const type of INTENT) window.removeEventListener(type, once, true);
    start();
  };
  for (const type of INTENT) window.addEventListener(type, once, { capture: true, passive: true });
}

export interface HeldInput {
  /** Hands what was held to the hydrated page; call once React owns the page's elements. */
  replay(): void;
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** What a field shows: as drawn (its markup's defaults), or now. */
interface Shown {
  value: string;
  checked: boolean;
  selected: boolean[];
}

function drawnOf(field: Field): Shown {
  if (field instanceof HTMLSelectElement) return { value: '', checked: false, selected: [...field.options].map((option) => option.defaultSelected) };
  return { value: field.defaultValue, checked: field instanceof HTMLInputElement && field.defaultChecked, selected: [] };
}

function nowOf(field: Field): Shown {
  if (field instanceof HTMLSelectElement) return { value: field.value, checked: false, selected: [...field.options].map((option) => option.selected) };
  return { value: field.value, checked: field instanceof HTMLInputElement && field.checked, selected: [] };
}

const isCheckable = (field: Field): field is HTMLInputElement => field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/** The value setter of the element's own class, past React's tracker on the element itself. */
function setNativeValue(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
}

/**
 * Sends what the field showed before hydration (`now`) to React as if it had just been entered.
 * React keeps a hydrated field as the browser has it and takes its value as already known (and
 * the view's next render, after another field's change, draws its own value over it), so the
 * view's value is set first, through React's own setter, which remembers it, and then `now`.
 */
function handOver(field: Field, drawn: Shown, now: Shown): void {
  if (field instanceof HTMLSelectElement) {
    if (now.selected.every((selected, index) => selected === drawn.selected[index])) return;
    field.value = now.value;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  if (isCheckable(field)) {
    if (now.checked === drawn.checked) return;
    field.checked = !now.checked;
    field.click();
    return;
  }
  // Nothing typed: the view's own value (an address from the link), which hydration left undrawn.
  if (now.value === drawn.value) {
    if (field.value !== field.defaultValue) field.value = field.defaultValue;
    return;
  }
  field.value = field.defaultValue;
  setNativeValue(field, now.value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Starts holding what happens on `root` (a pre-rendered page) until `replay()`: the fields as
 * drawn (to tell what was typed since) and the buttons pressed; the before-paint script keeps the
 * form sent.
 */
export function holdInput(root: HTMLElement): HeldInput {
  const drawn = new Map<Field, Shown>();
  for (const field of root.querySelectorAll<Field>('input, textarea, select')) drawn.set(field, drawnOf(field));
  const pressed: HTMLButtonElement[] = [];
  let replayed = false;
  // A button that only React answers ("show password"); a submit button is the form's, and a
  // disclosure the page answers itself (early-controls.ts).
  const hold = (target: EventTarget | null) => {
    const button = target instanceof Element ? target.closest('button') : null;
    if (!replayed && button && root.contains(button) && button.type !== 'submit' && !button.hasAttribute(DISCLOSURE) && !pressed.includes(button)) pressed.push(button);
  };
  // Pressed before this entry ran (the before-paint script held them), then from now on.
  for (const target of window[HELD_PRESSES] ?? []) hold(target);
  window[HELD_PRESSES] = null;
  const onClick = (event: MouseEvent) => hold(event.target);
  document.addEventListener('click', onClick, true);
  return {
    replay() {
      if (replayed) return;
      replayed = true;
      document.removeEventListener('click', onClick, true);
      const fields = [...drawn].filter(([field]) => field.isConnected).map(([field, shown]) => ({ field, drawn: shown, now: nowOf(field) }));
      for (const { field, drawn: shown, now } of fields) handOver(field, shown, now);
      for (const button of pressed) if (button.isConnected) button.click();
      const form = window[HELD_FORM];
      window[HELD_FORM] = null;
      // Sent once React has drawn what was handed over: called from a screen's effect (as the app
      // does), the views' updates wait for the effects to end, and a submit handler run before
      // that would read the values the page was drawn with (a field kept in a view's state, empty).
      if (form instanceof HTMLFormElement && form.isConnected) queueMicrotask(() => form.requestSubmit());
    },
  };
}
