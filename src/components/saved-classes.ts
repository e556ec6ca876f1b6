// Which classes the account saved and how to toggle one, as the app provides them to every
// "Save" button (src/components/save-button.tsx): apart from the button, so the app's shell,
// which provides it on every page, does not carry the button to pages without one.
import { createContext } from 'react';

export interface SavedClasses {
  isSaved: (classId: string) => boolean;
  toggle: (classId: string) => void;
  /** Its last change is kept on this device until the connection returns. */
  isWaiting: (classId: string) => boolean;
  /** A change is being saved: one at a time. */
  busy: boolean;
}

/** Null for visitors, and until the list is known: no "Save" button then. */
export const SavedClassesContext = createContext<SavedClasses | null>(null);
