// The schedule machine's actors in the app: the week (the account's settings first, for its
// time zone and today), saving the time zone, moving and removing a planned class.
import { fromCall } from '@lib/call-actor';
import { implement } from '@lib/flow';
import { addDays, browserTimeZone, mondayOf, todayIn } from '@domain/schedule';
import type { ScheduleMachine } from '@machines/schedule.machine';

export default implement<ScheduleMachine>(({ api }) => ({
  actors: {
    loadWeek: fromCall(async ({ weekStart }, signal) => {
      const settings = await api.scheduleSettings(signal);
      if (settings.kind !== 'ok') return settings;
      const start = weekStart ?? mondayOf(todayIn(settings.data.timeZone ?? browserTimeZone()));
      const week = await api.readSchedule({ from: start, to: addDays(start, 6) }, signal);
      if (week.kind !== 'ok') return week;
      return { kind: 'ok', data: { timeZone: settings.data.timeZone, today: week.data.today, weekStart: start, items: week.data.items } };
    }),
    saveTimeZone: fromCall(api.setAccountTimeZone),
    moveItem: fromCall(api.moveScheduleItem),
    removeItem: fromCall(api.removeScheduleItem),
  },
}));
