// A visible text a component can receive: a plain string (e.g. a server message, shown as is)
// or a react-intl message descriptor with optional values. `useMessageText` turns it into text.
import { useIntl, type MessageDescriptor } from 'react-intl';

export type MessageValues = Record<string, string | number | boolean | Date | null | undefined>;
export type MessageLike = string | (MessageDescriptor & { values?: MessageValues });

export function useMessageText(): (message: MessageLike) => string {
  const intl = useIntl();
  return (message) =>
    typeof message === 'string' ? message : intl.formatMessage(message, message.values);
}
