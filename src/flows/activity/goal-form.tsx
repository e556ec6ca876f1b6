// The weekly goal: minutes or classes a week, and a target; Save sets it, "Remove goal" clears it.
// The fields are the form's own input state; the activity machine saves it.
import { useId, useState, type FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Button } from '@components/button';
import { goalLimits, type GoalKind, type WeeklyGoal } from '@domain/activity';

const messages = defineMessages({
  legend: { id: 'activity.goal.kind', defaultMessage: 'Count' },
  minutes: { id: 'activity.goal.minutes', defaultMessage: 'Minutes' },
  classes: { id: 'activity.goal.classes', defaultMessage: 'Classes' },
  target: { id: 'activity.goal.target', defaultMessage: 'Each week' },
  save: { id: 'activity.goal.save', defaultMessage: 'Save goal' },
  remove: { id: 'activity.goal.remove', defaultMessage: 'Remove goal' },
});

export function GoalForm({ goal, busy, onSave, onClear }: { goal: WeeklyGoal | null; busy: boolean; onSave: (goal: WeeklyGoal) => void; onClear: () => void }) {
  const intl = useIntl();
  const id = useId();
  const [kind, setKind] = useState<GoalKind>(goal?.kind ?? 'minutes');
  const [target, setTarget] = useState(String(goal?.target ?? 150));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onSave({ kind, target: Number(target) });
  };
  const limits = goalLimits[kind];
  return (
    <form className="activity-goal__form" onSubmit={submit}>
      <fieldset className="activity-goal__kinds">
        <legend>{intl.formatMessage(messages.legend)}</legend>
        {(['minutes', 'classes'] as const).map((option) => (
          <label key={option} className="activity-goal__kind">
            <input type="radio" name={`${id}-kind`} value={option} checked={kind === option} onChange={() => setKind(option)} />
            {intl.formatMessage(messages[option])}
          </label>
        ))}
      </fieldset>
      {/* The label above its field (beside it, it wrapped away from the field on a phone). */}
      <div className="activity-goal__field">
        <label className="activity-goal__target" htmlFor={`${id}-target`}>
          {intl.formatMessage(messages.target)}
        </label>
        <input
          id={`${id}-target`}
          className="activity-goal__input"
          type="number"
          inputMode="numeric"
          min={limits.min}
          max={limits.max}
          step={1}
          required
          value={target}
          onChange={(event) => setTarget(event.target.value)}
        />
      </div>
      <div className="activity-goal__actions">
        <Button type="submit" variant="primary" busy={busy}>
          {intl.formatMessage(messages.save)}
        </Button>
        {goal && (
          <Button type="button" variant="ghost" onClick={() => !busy && onClear()}>
            {intl.formatMessage(messages.remove)}
          </Button>
        )}
      </div>
    </form>
  );
}
