// The schedule: the account's planned classes, its time zone, reminders and calendar link. The
// /schedule page is its flow; the account page and the class page run its actors from here.
export { accountScheduleActors, addToScheduleActors } from './schedule-actors';
