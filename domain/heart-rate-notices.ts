// What the heart-rate settings section (/account, /settings) says when something it asked for
// worked, and why a value it was given is refused (decision 072's limits).
import { defineMessages } from '@formatjs/intl';

export const heartRateNotices = defineMessages({
  saved: { id: 'heartRate.notice.saved', defaultMessage: 'Your heart-rate settings have been saved.' },
  deleted: { id: 'heartRate.notice.deleted', defaultMessage: 'Your heart-rate data has been deleted. Recording is off.' },
  maxHeartRate: { id: 'heartRate.rule.maxHeartRate', defaultMessage: 'Enter a maximum heart rate from 100 to 230, or leave it empty.' },
  birthYear: { id: 'heartRate.rule.birthYear', defaultMessage: 'Enter a birth year for an age from 13 to 100, or leave it empty.' },
  loadFailed: { id: 'heartRate.notice.loadFailed', defaultMessage: 'Your heart-rate settings could not be loaded.' },
});
