// What the account page's tasks (machines/account-*.machine.ts) tell the page, checked the
// same way in each task's model: busy when the request starts, then the notice a user reads
// for each outcome (or none) and what changed.
import { expect } from 'vitest';
import type { Notice } from '@domain/notices';
import type { World } from './machine-model';
import { outputOf, SERVER_MESSAGE, textOf } from './outcomes';

/** The request just started: the page was told it is busy, once. */
export const toldBusy = ({ toParent }: World) => expect(toParent).toEqual([{ type: 'task.busy', task: expect.any(String) }]);

/** The request ended: one report, with the success `message` and `change`, the failure's words, or silence. */
export function toldEnd(message: string, change: (world: World) => object = () => ({})) {
  return (world: World) => {
    const { toParent, event } = world;
    const ends = toParent.filter((report) => report.type === 'task.ended');
    expect(ends).toHaveLength(1);
    const report = ends[0] as unknown as { notice: Notice | null; change: object };
    const text = textOf(report.notice);
    if (event.type.startsWith('xstate.error.')) return expect(text).toBe('Could not reach FitStream. Please try again.');
    const output = outputOf(event);
    expect(report.change).toEqual(output.kind === 'ok' ? change(world) : {});
    if (output.kind === 'ok') expect(text).toBe(message);
    else if (output.kind === 'cancelled' || (output.kind === 'failed' && output.status === 401)) expect(text).toBeNull();
    else if (output.kind === 'unreachable') expect(text).toBe('Could not reach FitStream. Please try again.');
    else if (output.kind === 'failed' && output.body) expect(text).toContain(SERVER_MESSAGE);
    else expect(text).toBe('Something went wrong. Please try again.');
  };
}
