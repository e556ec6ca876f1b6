// The one result table every benchmark adds rows to: printed as text, written as JSON and
// Markdown to bench/results/ (git-ignored), and into docs/performance.md (performance-doc.ts).
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** How a figure is judged against its budget. */
export type Budget =
  | { kind: 'max'; limit: number; of: 'value' | 'ratio' }
  | { kind: 'min'; limit: number; of: 'value' | 'ratio' }
  | { kind: 'equal'; limit: number; of: 'value' };

export interface Row {
  /** Which benchmark produced the row (bundle, lighthouse, throughput, …). */
  group: string;
  figure: string;
  value: number | null;
  unit: string;
  baseline?: number | null;
  /** value / baseline, when there is a baseline. */
  ratio?: number | null;
  budget?: Budget;
  /** Why there is no value, or anything a reader must know to read it. */
  note?: string;
}

export interface JudgedRow extends Row {
  pass: boolean | null;
}

export function ratioOf(value: number | null, baseline: number | null): number | null {
  if (value === null || baseline === null || baseline === 0) return null;
  return value / baseline;
}

export function judge(row: Row): JudgedRow {
  const { budget } = row;
  if (!budget) return { ...row, pass: null };
  const subject = budget.of === 'ratio' ? (row.ratio ?? null) : row.value;
  if (subject === null) return { ...row, pass: false };
  const pass =
    budget.kind === 'max' ? subject <= budget.limit
    : budget.kind === 'min' ? subject >= budget.limit
    : subject === budget.limit;
  return { ...row, pass };
}

function formatNumber(value: number | null | undefined, unit = ''): string {
  if (value === null || value === undefined) return '—';
  const digits = Number.isInteger(value) ? 0 : Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  const text = value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
  return unit ? `${text} ${unit}` : text;
}

function formatBudget(row: Row): string {
  const { budget } = row;
  if (!budget) return '';
  const sign = budget.kind === 'max' ? '≤' : budget.kind === 'min' ? '≥' : '=';
  return budget.of === 'ratio' ? `${sign} ${budget.limit} ×` : `${sign} ${formatNumber(budget.limit, row.unit)}`;
}

function verdict(row: JudgedRow): string {
  if (row.pass === null) return '';
  if (row.value === null) return 'FAIL (not run)';
  return row.pass ? 'pass' : 'FAIL';
}

const headers = ['figure', 'value', 'baseline', 'ratio', 'budget', 'result'];

/** A row's cells as the tables show them: figure, value, baseline, ratio, budget, result. */
export function cells(row: JudgedRow): string[] {
  return [
    `${row.group}: ${row.figure}`,
    row.value === null ? `not run${row.note ? `: ${row.note}` : ''}` : formatNumber(row.value, row.unit),
    formatNumber(row.baseline, row.unit),
    row.ratio === null || row.ratio === undefined ? '—' : `${row.ratio.toFixed(2)} ×`,
    formatBudget(row),
    verdict(row),
  ];
}

export function textTable(rows: JudgedRow[]): string {
  const matrix = [headers, ...rows.map(cells)];
  const widths = headers.map((_, column) => Math.max(...matrix.map((line) => (line[column] ?? '').length)));
  const render = (line: string[]) => line.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
  const rule = widths.map((width) => '─'.repeat(width)).join('  ');
  return [render(headers), rule, ...rows.map((row) => render(cells(row)))].join('\n');
}

export function markdownTable(rows: JudgedRow[]): string {
  const escape = (cell: string) => cell.replace(/\|/g, '\\|');
  const lines = [`| ${headers.join(' | ')} |`, `|${headers.map(() => '---').join('|')}|`];
  for (const row of rows) lines.push(`| ${cells(row).map(escape).join(' | ')} |`);
  return lines.join('\n');
}

export function loadAverage(): [number, number, number] {
  const [one = 0, five = 0, fifteen = 0] = os.loadavg();
  return [one, five, fifteen];
}

export interface RunInfo {
  startedAt: string;
  seconds: number;
  quick: boolean;
  node: string;
  cpus: string;
  memoryGiB: number;
  /** The machine's load average (1, 5 and 15 min) when the run started and when it ended. */
  loadAtStart?: [number, number, number];
  loadAtEnd?: [number, number, number];
}

export function runInfo(startedAt: Date, quick: boolean, loadAtStart?: [number, number, number]): RunInfo {
  const cpus = os.cpus();
  return {
    startedAt: startedAt.toISOString(),
    seconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
    quick,
    node: process.version,
    cpus: `${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}`,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    ...(loadAtStart ? { loadAtStart, loadAtEnd: loadAverage() } : {}),
  };
}

/** Writes the run as JSON and Markdown; answers the JSON file's path. */
export async function writeResults(dir: string, info: RunInfo, rows: JudgedRow[]): Promise<string> {
  await mkdir(dir, { recursive: true });
  const stamp = info.startedAt.replace(/[:.]/g, '-');
  const file = path.join(dir, `bench-${stamp}${info.quick ? '-quick' : ''}.json`);
  const body = `${JSON.stringify({ ...info, rows }, null, 2)}\n`;
  await writeFile(file, body);
  await writeFile(path.join(dir, info.quick ? 'latest-quick.json' : 'latest.json'), body);
  const markdown = `${markdownTable(rows)}\n\nRun ${info.startedAt}, ${info.seconds} s, Node ${info.node}, ${info.cpus}, ${info.memoryGiB} GiB.\n`;
  await writeFile(path.join(dir, info.quick ? 'latest-quick.md' : 'latest.md'), markdown);
  return file;
}
