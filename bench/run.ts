// `npm run bench`: runs every benchmark in turn and prints one table (also written to
// bench/results/); a run of every benchmark rewrites docs/performance.md with it
// (performance-doc.ts). Never part of `npm test`; a missed budget is printed, never thrown.
//   --quick        short durations and small N, for a smoke run while developing
//   --doc=<file>   write the performance document there, whatever was run (a partial or quick
//                  run never rewrites docs/performance.md by itself)
//   --only=a,b     only these benchmarks: signin, bundle, lighthouse, throughput, playback, firstframe, journeys, postgres, growth, stalled, engagement, downloads, edge, viewers, startup
//                  (playback is segments and first frame; firstframe is first frame alone)
//   --journeys=a,b the journey sizes N (PGlite), instead of 50,200 (quick: 5,20)
//   --viewers=N    simulated viewers in the topology, instead of 1,000 (quick: 50)
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { measureBundle } from './bundle';
import { measureDownloads } from './downloads';
import { measureEdge } from './edge';
import { measureEngagement } from './engagement';
import { measureGrowth } from './growth';
import { measureJourneys } from './journeys';
import { measureLighthouse } from './lighthouse';
import { measureFirstFrame } from './first-frame';
import { measureSegments } from './playback';
import { createScratchDatabase, mappingRows, memoryBreakdownOf, memoryBreakdownRows, memoryOf, repoRoot, startProductServer, type RunningServer } from './server-process';
import { sharedSampleMediaDir } from '@server/modules/media/sample-catalogue';
import { measureSignInCost } from './signin-cost';
import { measureStalledClients } from './stalled-clients';
import { measureStartup } from './startup';
import { measureViewers } from './viewers';
import { performanceDocFile, writePerformanceDoc } from './performance-doc';
import { judge, loadAverage, runInfo, textTable, writeResults, type Row } from './table';
import { measureThroughput } from './throughput';

const quick = process.argv.includes('--quick');
const onlyArgument = process.argv.find((argument) => argument.startsWith('--only='));
const only = onlyArgument ? onlyArgument.slice('--only='.length).split(',') : null;
const wanted = (name: string) => only === null || only.includes(name);
const docArgument = process.argv.find((argument) => argument.startsWith('--doc='));
const docFile = docArgument ? path.resolve(docArgument.slice('--doc='.length)) : !quick && only === null ? performanceDocFile : null;

const settings = quick
  ? { signInSamples: 3, signInSeconds: 1, lighthouseRuns: 1, firstFrameRuns: 3, downloadRuns: 3, downloadThroughputRuns: 5, seconds: 3, warmup: 1, connections: 50, journeys: [5, 20], pgJourneys: [5], idleWait: 1000, growth: [1_000, 5_000], growthSeconds: 2, signIns: 3, viewers: 50, viewerSeconds: 20, startupRuns: 5 }
  : { signInSamples: 9, signInSeconds: 3, lighthouseRuns: 3, firstFrameRuns: 7, downloadRuns: 5, downloadThroughputRuns: 15, seconds: 30, warmup: 2, connections: 50, journeys: [50, 200], pgJourneys: [200], idleWait: 3000, growth: [10_000, 100_000], growthSeconds: 10, signIns: 9, viewers: 1000, viewerSeconds: 60, startupRuns: 15 };

const resultsDir = path.join(repoRoot, 'bench', 'results');
const journeysArgument = process.argv.find((argument) => argument.startsWith('--journeys='));
if (journeysArgument) settings.journeys = journeysArgument.slice('--journeys='.length).split(',').map(Number);
const viewersArgument = process.argv.find((argument) => argument.startsWith('--viewers='));
if (viewersArgument) settings.viewers = Number(viewersArgument.slice('--viewers='.length));
const rows: Row[] = [];
const started = new Date();
const loadAtStart = loadAverage();

function failed(group: string, error: unknown): Row {
  const message = error instanceof Error ? error.message.split('\n')[0] ?? error.name : String(error);
  console.error(`✗ ${group}: ${message}`);
  return { group, figure: 'benchmark', value: null, unit: '', note: message, budget: { kind: 'equal', limit: 0, of: 'value' } };
}

async function step(group: string, run: () => Promise<Row[]>): Promise<void> {
  console.log(`▶ ${group}`);
  const stepStarted = performance.now();
  try {
    rows.push(...(await run()));
  } catch (error) {
    rows.push(failed(group, error));
  }
  console.log(`  (${((performance.now() - stepStarted) / 1000).toFixed(0)} s)`);
}

function commitMeasured(): string | null {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
    const changed = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: repoRoot, encoding: 'utf8' }).trim();
    return changed ? `${commit} with uncommitted changes` : commit;
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function idleRows(label: string, server: RunningServer, budgetMB?: number): Promise<Row[]> {
  await sleep(settings.idleWait);
  const { rssMB } = await memoryOf(server.pid);
  return [
    {
      group: `server ${label}`,
      figure: 'idle RSS after start',
      value: rssMB,
      unit: 'MB',
      ...(budgetMB === undefined ? {} : { budget: { kind: 'max' as const, limit: budgetMB, of: 'value' as const } }),
    },
    ...memoryBreakdownRows(`server ${label}`, 'idle', await memoryBreakdownOf(server)),
    ...(await mappingRows(`server ${label}`, 'idle', server.pid)),
  ];
}

async function main(): Promise<void> {
  if (wanted('signin')) {
    await step('sign-in cost', () => measureSignInCost({ samples: settings.signInSamples, seconds: settings.signInSeconds }));
  }

  // Every later benchmark serves this build, so it runs even when its rows are not wanted.
  console.log('▶ bundle');
  let bundle: Awaited<ReturnType<typeof measureBundle>>;
  try {
    bundle = await measureBundle();
    if (wanted('bundle')) rows.push(...bundle.rows);
  } catch (error) {
    rows.push(failed('bundle', error));
    return;
  }
  const { distDir } = bundle;

  try {
    if (wanted('lighthouse') || wanted('throughput') || wanted('playback') || wanted('firstframe')) {
      await step('PGlite server: idle memory, Lighthouse, throughput, playback', async () => {
        const server = await startProductServer({ distDir });
        try {
          const found: Row[] = await idleRows('PGlite', server, 250);
          if (wanted('lighthouse')) found.push(...(await measureLighthouse(server, { runs: settings.lighthouseRuns, reportDir: resultsDir })));
          if (wanted('throughput')) {
            found.push(
              ...(await measureThroughput(server, {
                label: 'PGlite',
                durationSeconds: settings.seconds,
                warmupSeconds: settings.warmup,
                connections: settings.connections,
                distDir,
              })),
            );
          }
          if (wanted('playback')) {
            found.push(
              ...(await measureSegments(server, {
                label: 'PGlite',
                mediaDir: sharedSampleMediaDir,
                durationSeconds: settings.seconds,
                warmupSeconds: settings.warmup,
                connections: settings.connections,
              })),
            );
          }
          if (wanted('playback') || wanted('firstframe')) {
            found.push(...(await measureFirstFrame(server, { label: 'PGlite', mediaDir: sharedSampleMediaDir, runs: settings.firstFrameRuns })));
          }
          return found;
        } finally {
          await server.stop();
        }
      });
    }

    if (wanted('downloads')) {
      await step('downloads (PGlite, fresh server): throughput, opening offline, first frame offline', async () => {
        const server = await startProductServer({ distDir });
        try {
          return await measureDownloads(server, { mediaDir: sharedSampleMediaDir, runs: settings.downloadRuns, throughputRuns: settings.downloadThroughputRuns });
        } finally {
          await server.stop();
        }
      });
    }

    if (wanted('journeys')) {
      await step('journeys (PGlite, fresh server)', async () => {
        const server = await startProductServer({ distDir });
        try {
          // Its own idle figures (judged here when the step above did not run), then the journeys.
          const idlePGliteMeasured = wanted('lighthouse') || wanted('throughput') || wanted('playback');
          const found = await idleRows(idlePGliteMeasured ? 'PGlite (journeys server)' : 'PGlite', server, idlePGliteMeasured ? undefined : 250);
          found.push(...(await measureJourneys(server, { sizes: settings.journeys, peakBudgetMB: 400, peakBudgetAt: 200, label: 'PGlite' })));
          return found;
        } finally {
          await server.stop();
        }
      });
    }

    if (wanted('postgres')) {
      await step('PostgreSQL server: throughput (plans), journeys', async () => {
        const database = await createScratchDatabase();
        if (!database) {
          return [{ group: 'PostgreSQL', figure: 'benchmark', value: null, unit: '', note: 'no PostgreSQL answers on 127.0.0.1:5432' }];
        }
        try {
          const server = await startProductServer({ distDir, databaseUrl: database.url });
          try {
            const found: Row[] = await idleRows('PostgreSQL', server);
            found.push(
              ...(await measureThroughput(server, {
                label: 'PostgreSQL',
                durationSeconds: settings.seconds,
                warmupSeconds: settings.warmup,
                connections: settings.connections,
                distDir,
                only: ['POST /api/v1/payments/plans', 'GET /api/v1/classes (catalog)'],
              })),
            );
            found.push(...(await measureJourneys(server, { sizes: settings.pgJourneys, peakBudgetMB: 250, peakBudgetAt: 200, label: 'PostgreSQL' })));
            return found;
          } finally {
            await server.stop();
          }
        } finally {
          await database.drop();
        }
      });
    }

    if (wanted('engagement')) {
      await step('issues 23 and 24 (PostgreSQL): home with a programme, calendar feed, activity', () =>
        measureEngagement({ distDir, durationSeconds: settings.seconds, warmupSeconds: settings.warmup, connections: settings.connections }),
      );
    }

    if (wanted('stalled')) {
      // Past the default REQUEST_TIMEOUT (30 s) before the count of connections still open.
      await step('stalled clients (PGlite, fresh server)', () =>
        measureStalledClients({ distDir, clients: 300, holdMs: quick ? 5000 : 15_000, closeWithinMs: 30_000 }),
      );
    }

    if (wanted('edge')) {
      await step('media edge: a segment through nginx with njs, bare nginx and the Node media route', () =>
        measureEdge({ distDir, mediaDir: sharedSampleMediaDir, durationSeconds: settings.seconds, warmupSeconds: settings.warmup, connections: settings.connections }),
      );
    }

    if (wanted('startup')) {
      await step('start-up through the edge on a fast 4G link (Chromium), against bare hls.js', () =>
        measureStartup({ distDir, mediaDir: sharedSampleMediaDir, runs: settings.startupRuns }),
      );
    }

    if (wanted('viewers')) {
      await step(`${settings.viewers} viewers through the edge, HAProxy and two instances (PostgreSQL, Redis)`, () =>
        measureViewers({ distDir, mediaDir: sharedSampleMediaDir, viewers: settings.viewers, seconds: settings.viewerSeconds }),
      );
    }

    if (wanted('growth')) {
      await step('growth (PostgreSQL, seeded accounts)', () =>
        measureGrowth({ distDir, sizes: settings.growth, seconds: settings.growthSeconds, connections: settings.connections, signIns: settings.signIns }),
      );
    }
  } finally {
    await bundle.cleanup();
  }
}

await main();

const judged = rows.map(judge);
const info = runInfo(started, quick, loadAtStart);
console.log(`\nFitStream benchmarks${quick ? ' (quick: not for docs/performance.md)' : ''}, ${info.seconds} s, Node ${info.node}, ${info.cpus}\n`);
console.log(textTable(judged));
const misses = judged.filter((row) => row.pass === false);
console.log(misses.length === 0 ? '\nEvery budget met.' : `\n${misses.length} budget(s) missed: ${misses.map((row) => `${row.group}: ${row.figure}`).join('; ')}`);
const file = await writeResults(resultsDir, info, judged);
console.log(`Results: ${path.relative(repoRoot, file)}`);
if (docFile) {
  await writePerformanceDoc({ info, rows: judged, only, commit: commitMeasured() }, docFile);
  console.log(`Written: ${path.relative(repoRoot, docFile)}`);
}
// Open keep-alive sockets and the like must not hold the run open.
process.exit(0);
