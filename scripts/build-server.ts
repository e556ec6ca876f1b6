// `npm start` runs the server as compiled JavaScript (decision 043): this bundles server/ into
// dist-server/ with esbuild, one file per entry (main.js and each module's service and routes
// files, which @fastify/autoload finds by name as it finds the .ts ones) and shared code in
// chunks, packages left to node_modules. No TypeScript loader runs in production: no
// transpiled sources and inline source maps in the heap.
//
// A module that reads a file next to its source (`import.meta.url`, `import.meta.dirname`)
// keeps its source's location, so it still finds tokens.css, the migrations and openapi.yaml
// from a chunk: the build answers for the folder it was made in (npm start builds each time).
// app.ts alone keeps its own location: the modules folder it loads is the built one.
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(root, 'server');
export const serverBuildDir = path.join(root, 'dist-server');
/** The same names server/app.ts gives @fastify/autoload. */
const AUTOLOADED = /(^|-)(service|routes)\.ts$/;

async function autoloadedFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await autoloadedFiles(full)));
    else if (AUTOLOADED.test(entry.name)) found.push(full);
  }
  return found;
}

/** `import.meta.url` and `import.meta.dirname` of each source, except app.ts, as its source's. */
const sourceLocations: Plugin = {
  name: 'source-locations',
  setup(context) {
    context.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const text = await readFile(args.path, 'utf8');
      if (args.path === path.join(serverDir, 'app.ts') || !text.includes('import.meta.')) return { contents: text, loader: 'ts' };
      const contents = text
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)));
      return { contents, loader: 'ts' };
    });
  },
};

export async function buildServer(): Promise<void> {
  await rm(serverBuildDir, { recursive: true, force: true });
  await mkdir(serverBuildDir, { recursive: true });
  const entryPoints = [path.join(serverDir, 'main.ts'), ...(await autoloadedFiles(path.join(serverDir, 'modules')))];
  await build({
    entryPoints,
    outbase: serverDir,
    outdir: serverBuildDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    tsconfig: path.join(root, 'tsconfig.json'),
    chunkNames: 'chunks/[name]-[hash]',
    plugins: [sourceLocations],
    logLevel: 'warning',
    legalComments: 'none',
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await buildServer();
  console.log(`server built into ${path.relative(root, serverBuildDir)}/ in ${Date.now() - started} ms`);
}
