// The catalog's words that are not catalog data: level names, durations in minutes and the
// duration ranges of the filters, each formatted by the UI's locale.
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { durationRange, localized, minutesOf, type ClassLevel, type DurationRangeId, type LocalizedText } from '@domain/catalog';
import { posterInLanguage } from '@domain/media-urls';

export const levelMessages = defineMessages({
  beginner: { id: 'classes.level.beginner', defaultMessage: 'Beginner' },
  intermediate: { id: 'classes.level.intermediate', defaultMessage: 'Intermediate' },
  advanced: { id: 'classes.level.advanced', defaultMessage: 'Advanced' },
});
const upToMessage = defineMessage<{ max: string }>({ id: 'classes.duration.upTo', defaultMessage: 'Up to {max}' });
const betweenMessage = defineMessage<{ min: string; max: string }>({ id: 'classes.duration.between', defaultMessage: '{min} to {max}' });
const atLeastMessage = defineMessage<{ min: string }>({ id: 'classes.duration.atLeast', defaultMessage: '{min} or more' });

export function useClassTexts() {
  const intl = useIntl();
  const minutes = (value: number, unitDisplay: 'short' | 'long' = 'short') =>
    intl.formatNumber(value, { style: 'unit', unit: 'minute', unitDisplay });
  return {
    locale: intl.locale,
    text: (value: LocalizedText) => localized(value, intl.locale),
    /** A class's poster with its title in the page's language, where it has one. */
    poster: (url: string) => posterInLanguage(url, intl.locale),
    level: (level: ClassLevel) => intl.formatMessage(levelMessages[level]),
    /** A class's length: "20 min" (or "20 minutes" with `long`). */
    duration: (seconds: number, unitDisplay: 'short' | 'long' = 'short') => minutes(minutesOf(seconds), unitDisplay),
    durationRange: (id: DurationRangeId) => {
      const range = durationRange(id);
      if (range.minMinutes === undefined) return intl.formatMessage(upToMessage, { max: minutes(range.maxMinutes ?? 0) });
      if (range.maxMinutes === undefined) return intl.formatMessage(atLeastMessage, { min: minutes(range.minMinutes) });
      return intl.formatMessage(betweenMessage, { min: intl.formatNumber(range.minMinutes), max: minutes(range.maxMinutes) });
    },
  };
}
