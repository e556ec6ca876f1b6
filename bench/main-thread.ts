// What the page's main thread did between two of its own `performance.mark`s, from a Chromium
// performance trace (Playwright's browser.startTracing): each task that ran in that span, its
// length, and what it was made of (the events dispatched, the script called, microtasks, style,
// layout and paint, garbage collection). bench/first-frame.ts uses it to show what runs between
// the press of Play and the video's `playing`, on the product and on the bare page alike.

/** The trace categories the breakdown reads (timeline events, user timing marks, V8's GC). */
export const traceCategories = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'toplevel', 'v8', 'blink'];

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: Record<string, unknown>; name?: string };
}

/** One main-thread task in the span: when it started (ms from the first mark), how long it ran, and its parts. */
export interface Task {
  start: number;
  duration: number;
  parts: string[];
}

export interface MainThreadSpan {
  /** ms from the first mark to the second. */
  span: number;
  /** The marks seen in the span (other than the two), ms from the first. */
  marks: { name: string; at: number }[];
  tasks: Task[];
  /** The sum of the tasks' lengths inside the span. */
  busy: number;
}

/** The events that say what a task was (nested ones inside a named one are not listed again). */
const NAMED: Record<string, (event: TraceEvent) => string> = {
  EventDispatch: (event) => `event ${String(event.args?.data?.type ?? '?')}`,
  TimerFire: () => 'timer',
  FireAnimationFrame: () => 'requestAnimationFrame',
  FireIdleCallback: () => 'idle callback',
  FunctionCall: (event) => `script ${scriptName(event.args?.data)}`,
  'v8.callFunction': (event) => `script ${scriptName(event.args?.data)}`,
  RunMicrotasks: () => 'microtasks',
  'V8.RunMicrotasks': () => 'microtasks',
  XHRReadyStateChange: () => 'XHR readystatechange',
  XHRLoad: () => 'XHR load',
  ResourceReceivedData: () => 'response data',
  UpdateLayoutTree: () => 'style',
  Layout: () => 'layout',
  PrePaint: () => 'pre-paint',
  Paint: () => 'paint',
  Layerize: () => 'layerize',
  Commit: () => 'commit',
  HitTest: () => 'hit test',
  MinorGC: () => 'GC (minor)',
  MajorGC: () => 'GC (major)',
  'V8.GC_SCAVENGER': () => 'GC (scavenge)',
  'V8.GCCompactor': () => 'GC (major)',
  ParseHTML: () => 'parse HTML',
  EvaluateScript: () => 'evaluate script',
  'v8.compile': () => 'compile',
  BeginMainThreadFrame: () => 'frame',
  BeginFrame: () => 'frame',
  'UpdateLayer': () => 'layer update',
};

function scriptName(data: Record<string, unknown> | undefined): string {
  if (!data) return '';
  const url = String(data.url ?? '');
  const file = url.split('/').pop()?.split('?')[0] ?? '';
  const fn = String(data.functionName ?? '');
  return `${fn || '(anonymous)'}${file ? ` ${file}:${String(data.lineNumber ?? '?')}` : ''}`;
}

const TOP = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'ThreadControllerImpl::DoWork']);

/** The main thread's tasks from the mark `from` to the latest of the marks `to` in `trace` (the JSON Playwright's stopTracing returns). */
export function mainThreadBetween(trace: Buffer | string, from: string, to: string[]): MainThreadSpan | null {
  const { traceEvents } = JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] };
  const marks = (name: string) => traceEvents.filter((event) => event.name === name && event.cat.includes('blink.user_timing'));
  const end = to
    .map((name) => marks(name)[0])
    .filter((found) => found !== undefined)
    .sort((a, b) => b.ts - a.ts)[0];
  // The last `from` before the end (a new tab's first document, about:blank, marks its own navigationStart).
  const start = end && marks(from).filter((event) => event.ts <= end.ts && event.pid === end.pid && event.tid === end.tid).sort((a, b) => b.ts - a.ts)[0];
  if (!start || !end) return null;
  const onThread = traceEvents.filter((event) => event.pid === start.pid && event.tid === start.tid && event.ph === 'X' && event.dur !== undefined);
  const toMs = (ts: number) => (ts - start.ts) / 1000;
  const tops = onThread
    .filter((event) => TOP.has(event.name) && event.ts + event.dur! >= start.ts && event.ts <= end.ts && event.dur! > 0)
    // Only the outermost: a nested RunTask (a task run inside another) belongs to its parent.
    .filter((event, _, all) => !all.some((other) => other !== event && other.ts <= event.ts && other.ts + other.dur! >= event.ts + event.dur! && other.dur! > event.dur!))
    .sort((a, b) => a.ts - b.ts);
  const tasks: Task[] = tops.map((top) => {
    const inside = onThread.filter((event) => event !== top && event.ts >= top.ts && event.ts + event.dur! <= top.ts + top.dur! && NAMED[event.name]);
    // Outermost named events only, each with its length; the script in an event is said with it.
    const outer = inside.filter((event) => !inside.some((other) => other !== event && other.ts <= event.ts && other.ts + other.dur! >= event.ts + event.dur! && other.dur! > event.dur!));
    const parts = outer
      .sort((a, b) => a.ts - b.ts)
      .map((event) => {
        const nested = inside
          .filter((other) => other !== event && other.ts >= event.ts && other.ts + other.dur! <= event.ts + event.dur! && other.dur! >= 100)
          .sort((a, b) => b.dur! - a.dur!)
          .slice(0, 3)
          .map((other) => `${NAMED[other.name]!(other)} ${(other.dur! / 1000).toFixed(1)}`);
        return `${NAMED[event.name]!(event)} ${(event.dur! / 1000).toFixed(1)}${nested.length ? ` [${nested.join('; ')}]` : ''}`;
      });
    return { start: toMs(top.ts), duration: top.dur! / 1000, parts };
  });
  const between = traceEvents
    .filter((event) => event.cat.includes('blink.user_timing') && event.pid === start.pid && event.ts >= start.ts && event.ts <= end.ts && event !== start && event !== end)
    .filter((event) => event.ph === 'R' || event.ph === 'I' || event.ph === 'i' || event.ph === 'n' || event.ph === 'b')
    .map((event) => ({ name: event.name, at: toMs(event.ts) }));
  const busy = tasks.reduce((sum, task) => sum + Math.max(0, Math.min(task.start + task.duration, toMs(end.ts)) - Math.max(task.start, 0)), 0);
  return { span: toMs(end.ts), marks: between, tasks, busy };
}

/** Prints the span's tasks; `what` says which span it is ("from the press to …"). */
export function printMainThread(label: string, found: MainThreadSpan | null, what = 'from the press to `playing` or the frame, the later'): void {
  if (!found) {
    console.log(`  ${label}: no trace marks found`);
    return;
  }
  console.log(`  ${label}: main thread ${what} (one traced run, not counted): ${found.span.toFixed(1)} ms, ${found.busy.toFixed(1)} ms of it busy`);
  for (const mark of found.marks) console.log(`    mark ${mark.name} at ${mark.at.toFixed(1)}`);
  for (const task of found.tasks) {
    console.log(`    ${task.start.toFixed(1).padStart(6)} ms  task ${task.duration.toFixed(1).padStart(5)} ms  ${task.parts.join(', ') || '(nothing named)'}`);
  }
}
