// The account page's data download, a child of machines/account.machine.ts: everything held
// about the account, in one request, saved on the user's device as a file named after the day
// it was made.
import { setup } from 'xstate';
import { accountNotices } from '@domain/account-notices';
import type { Outcome } from '@domain/request-outcome';
import { taskReports, taskRequest } from './account-task';
import { fromOutcome, outcomeGuards } from './request-states';

/** The data download: the document, and the day it was made (for the file's name). */
export type ExportDataOutput = Outcome<{ exportedAt: string } & Record<string, unknown>>;

export interface SavedFile {
  fileName: string;
  contents: string;
}

export type AccountExportEvent = { type: 'data.download' };

/** The download as a file: named after the day it was made. */
const downloadedFile = ({ event }: { event: { output: ExportDataOutput } }): SavedFile => {
  const data = event.output.kind === 'ok' ? event.output.data : { exportedAt: '' };
  return { fileName: `fitstream-data-${data.exportedAt.slice(0, 10)}.json`, contents: JSON.stringify(data, null, 2) };
};

export const accountExportMachine = setup({
  types: { events: {} as AccountExportEvent },
  actors: { exportData: fromOutcome<{ exportedAt: string } & Record<string, unknown>>() },
  actions: {
    ...taskReports<object, AccountExportEvent>(),
    /** Saves the file on the user's device (provided by the app). */
    saveFile: (_, _file: SavedFile) => {},
  },
  guards: outcomeGuards,
}).createMachine({
  id: 'accountExport',
  initial: 'idle',
  states: {
    idle: { on: { 'data.download': { target: 'downloading' } } },
    downloading: taskRequest({
      request: { src: 'exportData' },
      then: 'idle',
      actions: [{ type: 'saveFile', params: downloadedFile }],
      done: { type: 'tellDone', params: { message: accountNotices.dataDownloaded } },
    }),
  },
});

export type AccountExportMachine = typeof accountExportMachine;
