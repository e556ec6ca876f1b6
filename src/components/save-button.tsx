// "Save": a toggle button (aria-pressed) that keeps a class in the account's list ("My list").
// The app provides which classes are saved and how to toggle one (SavedClassesContext, from the
// favourites actor: ./saved-classes.ts); without it (visitors, the list not loaded yet) there is no button.
// A change made offline shows as made, with a note that it is sent when the connection returns.
import { useContext } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { SavedClassesContext } from './saved-classes';

export { SavedClassesContext, type SavedClasses } from './saved-classes';

const messages = defineMessages({
  save: { id: 'favourites.save', defaultMessage: 'Save' },
  savedWaiting: { id: 'favourites.savedWaiting', defaultMessage: 'Saved on this device: sent when you are back online.' },
  removedWaiting: { id: 'favourites.removedWaiting', defaultMessage: 'Removed on this device: sent when you are back online.' },
});

export function SaveButton({ classId, title, className = '' }: { classId: string; /** Said after "Save" to screen readers where several cards show one. */ title?: string; className?: string }) {
  const intl = useIntl();
  const saved = useContext(SavedClassesContext);
  if (!saved) return null;
  const pressed = saved.isSaved(classId);
  const waiting = saved.isWaiting(classId);
  return (
    <>
      <button
        type="button"
        className={`save-button ${className}`.trim()}
        aria-pressed={pressed}
        aria-disabled={saved.busy || undefined}
        onClick={() => !saved.busy && saved.toggle(classId)}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill={pressed ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2">
          <path d="M6 3h12v18l-6-4-6 4z" />
        </svg>
        {intl.formatMessage(messages.save)}
        {title && <span className="visually-hidden">{`: ${title}`}</span>}
      </button>
      {waiting && (
        <span className="save-button__waiting" role="status">
          {intl.formatMessage(pressed ? messages.savedWaiting : messages.removedWaiting)}
        </span>
      )}
    </>
  );
}
