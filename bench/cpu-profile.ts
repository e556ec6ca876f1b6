// Reads a V8 CPU profile (`node --cpu-prof`, a .cpuprofile file) and sums where the time went:
// self time per function and per place (our server's files, each package, Node's internals,
// the garbage collector), and total time (self plus callees) per function. Only the samples of
// the last `windowMs` count, so a profile of a whole server run can be read for the load at
// its end; idle samples are left out of the busy time.
import { readFile } from 'node:fs/promises';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface Share {
  name: string;
  ms: number;
  /** Of the busy time. */
  percent: number;
}

export interface ProfileSummary {
  busyMs: number;
  idleMs: number;
  /** Self time by function (`name file:line`). */
  functions: Share[];
  /** Self time by place: `server <file>`, `<package>`, `node:<module>`, `(garbage collector)`, `(program)`. */
  places: Share[];
  /** Self plus callees' time, by function; each sample counts once per function however deep the recursion. */
  totals: Share[];
}

const SPECIAL = new Set(['(garbage collector)', '(program)', '(root)']);

/** Where a frame's code lives, as a short label. */
export function placeOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (url === '') return SPECIAL.has(functionName) ? functionName : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return url;
  const server = /\/(dist-server|server)\/(.+)$/.exec(url);
  if (server) return `server ${server[2]}`;
  return url.replace(/^file:\/\//, '');
}

function label(frame: CallFrame): string {
  const file = frame.url === '' ? '' : ` ${frame.url.replace(/^.*\/(node_modules|dist-server|server)\//, '$1/')}:${frame.lineNumber + 1}`;
  return `${frame.functionName || '(anonymous)'}${file}`;
}

function shares(times: Map<string, number>, busyMs: number, top: number): Share[] {
  return [...times.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, ms]) => ({ name, ms: Math.round(ms * 10) / 10, percent: Math.round((ms / busyMs) * 1000) / 10 }));
}

/**
 * `windowMs`: only the samples of that long before the end count; `tailMs`: the last so many ms
 * (a shutdown after the load) do not.
 */
export function summarise(profile: CpuProfile, options: { windowMs?: number; tailMs?: number; top?: number } = {}): ProfileSummary {
  const top = options.top ?? 40;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

  // Each sample's time is the delta to the next one (V8's own attribution); timestamps in µs.
  const times: number[] = [];
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i += 1) {
    at += profile.timeDeltas[i] ?? 0;
    times.push(at);
  }
  const until = profile.endTime - (options.tailMs ?? 0) * 1000;
  const from = options.windowMs === undefined ? Number.NEGATIVE_INFINITY : until - options.windowMs * 1000;

  const self = new Map<string, number>();
  const places = new Map<string, number>();
  const totals = new Map<string, number>();
  let busyMs = 0;
  let idleMs = 0;
  for (let i = 0; i < profile.samples.length; i += 1) {
    const time = times[i]!;
    if (time < from || time >= until) continue;
    const ms = ((i + 1 < times.length ? times[i + 1]! : profile.endTime) - time) / 1000;
    const node = byId.get(profile.samples[i]!);
    if (!node) continue;
    if (node.callFrame.functionName === '(idle)') {
      idleMs += ms;
      continue;
    }
    busyMs += ms;
    const name = label(node.callFrame);
    self.set(name, (self.get(name) ?? 0) + ms);
    const place = placeOf(node.callFrame);
    places.set(place, (places.get(place) ?? 0) + ms);
    const seen = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const frame = byId.get(id)!.callFrame;
      if (frame.functionName === '(root)') break;
      const key = label(frame);
      if (seen.has(key)) continue;
      seen.add(key);
      totals.set(key, (totals.get(key) ?? 0) + ms);
    }
  }
  return {
    busyMs: Math.round(busyMs),
    idleMs: Math.round(idleMs),
    functions: shares(self, busyMs, top),
    places: shares(places, busyMs, top),
    totals: shares(totals, busyMs, top),
  };
}

export async function readProfile(file: string): Promise<CpuProfile> {
  return JSON.parse(await readFile(file, 'utf8')) as CpuProfile;
}

export function formatSummary(summary: ProfileSummary, requests?: number): string {
  const perRequest = (ms: number) => (requests ? ` ${((ms * 1000) / requests).toFixed(2)} µs/req` : '');
  const lines = [`busy ${summary.busyMs} ms, idle ${summary.idleMs} ms${requests ? `, ${requests} requests, ${((summary.busyMs * 1000) / requests).toFixed(1)} µs busy per request` : ''}`];
  const section = (title: string, list: Share[]) => {
    lines.push('', title);
    for (const share of list) lines.push(`${share.percent.toFixed(1).padStart(5)} % ${share.ms.toFixed(0).padStart(7)} ms${perRequest(share.ms)}  ${share.name}`);
  };
  section('self time by place', summary.places);
  section('self time by function', summary.functions);
  section('total time (self + callees) by function', summary.totals);
  return lines.join('\n');
}

// As a command: `tsx bench/cpu-profile.ts <file.cpuprofile> [windowMs] [requests]`.
if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, windowMs, requests] = process.argv.slice(2);
  if (!file) throw new Error('usage: tsx bench/cpu-profile.ts <file.cpuprofile> [windowMs] [requests]');
  const summary = summarise(await readProfile(file), windowMs ? { windowMs: Number(windowMs) } : {});
  console.log(formatSummary(summary, requests ? Number(requests) : undefined));
}
