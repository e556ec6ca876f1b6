// Dialog: a modal that asks one question. Labelled by its title (and described by its text),
// it takes focus when it opens, keeps Tab inside itself, makes the page behind it inert,
// closes on Escape, and gives focus back to whatever opened it.
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  open: boolean;
  title: string;
  /** The question or explanation, read out with the title when the dialog opens. */
  description?: ReactNode;
  /** The actions (buttons); the one marked `data-autofocus` takes focus first. */
  children?: ReactNode;
  onClose: () => void;
  role?: 'dialog' | 'alertdialog';
}

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
}

export function Dialog({ open, title, description, children, onClose, role = 'dialog' }: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = panel.current;
    const layer = root?.closest<HTMLElement>('.dialog-layer') ?? null;
    // Everything else on the page goes inert, so neither Tab nor a screen reader leaves the dialog.
    const others = [...document.body.children].filter((element): element is HTMLElement => element instanceof HTMLElement && element !== layer && !element.inert);
    for (const element of others) element.inert = true;
    const first = root?.querySelector<HTMLElement>('[data-autofocus]') ?? (root ? focusables(root)[0] : undefined) ?? root;
    first?.focus();
    return () => {
      for (const element of others) element.inert = false;
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const items = focusables(panel.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className="dialog-layer">
      <div className="dialog-layer__scrim" aria-hidden="true" onClick={() => onCloseRef.current()} />
      <div
        ref={panel}
        className="dialog"
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="dialog__title">{title}</h2>
        {description ? <div id={descriptionId} className="dialog__description">{description}</div> : null}
        {children ? <div className="dialog__actions">{children}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
