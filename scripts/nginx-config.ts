// The media edge's configuration (nginx from Debian with its njs module, docs/decisions/053) as
// one template: deploy/nginx/fitstream-edge.conf is this rendered for the example topology, and
// the tests and `npm run stack` render the same template on free ports, so what is tested is what
// ships. `npx tsx scripts/nginx-config.ts` rewrites the example; a test fails when it is not what
// the template writes.
//
// The edge serves class media straight from MEDIA_DIR (sendfile, ranges), checking each signed
// URL itself with the same code Node runs (server/modules/media/edge/media-grant.js, PLAYBACK_SECRET
// from its environment), and passes everything else, a session's master playlist included, to the
// balancer (deploy/haproxy/).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import serverEn from '../locales/server.en.json' with { type: 'json' };
import serverEs from '../locales/server.es.json' with { type: 'json' };

export interface EdgeInput {
  /** Where users connect: `127.0.0.1:8080`, `80`. */
  listen: string;
  /** The balancer (or one instance) everything but media goes to: `127.0.0.1:8090`. */
  balancer: string;
  /** The instances' MEDIA_DIR, readable by nginx's workers. */
  mediaDir: string;
  /** nginx's prefix (`nginx -p`): its pid, logs and temporary files go under it. */
  folder: string;
  /** The folder holding media-grant.js; the repository's by default. */
  grantScriptDir?: string;
  /** Drop root to this user after binding (Debian's `www-data`); absent, the user that starts it. */
  user?: string;
}

export const GRANT_SCRIPT_DIR = path.resolve(import.meta.dirname, '..', 'server', 'modules', 'media', 'edge');

/** The example topology: the balancer on this machine (deploy/haproxy/haproxy.cfg), media under /srv. */
export const exampleEdge: EdgeInput = {
  listen: '80',
  balancer: '127.0.0.1:8080',
  mediaDir: '/srv/fitstream/media',
  folder: '/var/lib/fitstream-edge',
  grantScriptDir: '/opt/fitstream/server/modules/media/edge',
  user: 'www-data',
};

export const EXAMPLE_FILE = path.resolve(import.meta.dirname, '..', 'deploy', 'nginx', 'fitstream-edge.conf');

const MEDIA_ID = '[a-z0-9][a-z0-9-]{0,63}';
const GRANT = '[tf]\\.[A-Za-z0-9_.-]{1,200}';
/** The files a grant opens, as the media routes' contract names them. */
const GRANTED_FILE = '(?:[0-9]{3,4}p/(?:playlist(?:-[a-z]{2})?\\.m3u8|init\\.mp4|segment-[0-9]{3,6}\\.m4s|opening-[a-z]{2}\\.m4s)|captions/[a-z]{2}\\.(?:m3u8|vtt)|chapters/[a-z]{2}\\.vtt)';

const catalogues = { en: serverEn, es: serverEs } as const;
type Code = keyof typeof serverEn;

/** A string as nginx reads it between double quotes (a message never holds a `$`, which nginx would read as a variable). */
function quoted(text: string): string {
  if (text.includes('$') && !/\$(request_method|uri)\b/.test(text)) throw new Error(`a message with a dollar sign cannot go into nginx's configuration: ${text}`);
  return `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}
/** A message as it goes inside a JSON string. */
const jsonText = (text: string) => JSON.stringify(text).slice(1, -1);

/** `map` lines giving each refusal's message in each language, from the server's catalogues. */
function messageMap(variable: string, key: string, codes: Code[], fill: (message: string) => string = (message) => message): string[] {
  const lines = [`    map "${key}" ${variable} {`, '        default "";'];
  for (const code of codes) {
    for (const [language, catalogue] of Object.entries(catalogues)) lines.push(`        ${quoted(`${code}:${language}`)} ${quoted(fill(jsonText(catalogue[code])))};`);
  }
  lines.push('    }');
  return lines;
}

/** A named location answering the contract's error body (its message and code from nginx variables), never cached. */
const errorLocation = (name: string, status: number, message: string, code: string) => [
  `        location ${name} {`,
  '            types { }',
  '            default_type application/json;',
  '            charset utf-8;',
  '            charset_types application/json;',
  '            add_header Cache-Control no-store always;',
  '            add_header Cross-Origin-Resource-Policy same-origin always;',
  '            add_header X-Content-Type-Options nosniff always;',
  `            return ${status} '{"isSuccess":false,"message":"${message}","statusCode":${status},"code":"${code}"}';`,
  '        }',
];

export function renderEdgeConfig(input: EdgeInput): string {
  const grantScriptDir = input.grantScriptDir ?? GRANT_SCRIPT_DIR;
  const media = input.mediaDir.replace(/\/$/, '');
  const lines = [
    "# FitStream's media edge: nginx (Debian's package with libnginx-mod-http-js) in front of the balancer.",
    '# Written by scripts/nginx-config.ts: change the template there, not here (a test compares).',
    '# Run as `nginx -c <this file> -p <prefix>` with PLAYBACK_SECRET in its environment (the',
    "# instances' own): the edge checks every signed media URL itself (docs/decisions/053).",
    'load_module /usr/lib/nginx/modules/ngx_http_js_module.so;',
    'env PLAYBACK_SECRET;',
    'daemon off;',
    ...(input.user ? [`user ${input.user};`] : []),
    'worker_processes auto;',
    'pid nginx.pid;',
    'error_log logs/error.log warn;',
    '',
    'events {',
    '    worker_connections 8192;',
    '}',
    '',
    'http {',
    '    sendfile on;',
    '    tcp_nopush on;',
    '    server_tokens off;',
    '    keepalive_timeout 65s;',
    '    access_log logs/access.log;',
    '    client_body_temp_path tmp/body;',
    '    proxy_temp_path tmp/proxy;',
    '    fastcgi_temp_path tmp/fastcgi;',
    '    uwsgi_temp_path tmp/uwsgi;',
    '    scgi_temp_path tmp/scgi;',
    '',
    '    # The grant check and the refusal language, in the same JavaScript the media routes run.',
    `    js_path "${grantScriptDir}/";`,
    '    js_import media_grant from media-grant.js;',
    '    js_set $media_refusal media_grant.edgeRefusal;',
    '    js_set $edge_language media_grant.edgeLanguage;',
    ...messageMap('$media_refusal_message', '$media_refusal:$edge_language', ['playback.badLink', 'playback.qualityNotInPlan']),
    ...messageMap('$not_found_message', 'request.notFound:$edge_language', ['request.notFound'], (message) => message.replace('{method}', '$request_method').replace('{path}', '$uri')),
    '',
    '    upstream fitstream {',
    `        server ${input.balancer} max_fails=0;`,
    '        keepalive 64;',
    '    }',
    '',
    '    server {',
    `        listen ${input.listen} reuseport;`,
    '        client_max_body_size 8m;',
    '',
    '        # A session\'s or licence\'s files: checked here, served from MEDIA_DIR with the headers the media routes send.',
    `        location ~ "^/media/(?<media_id>${MEDIA_ID})/(?<media_grant>${GRANT})/(?<media_file>${GRANTED_FILE})$" {`,
    '            types {',
    '                application/vnd.apple.mpegurl m3u8;',
    '                video/mp4 mp4 m4s;',
    '                text/vtt vtt;',
    '            }',
    '            charset utf-8;',
    '            charset_types text/vtt;',
    '            error_page 403 = @refused;',
    '            error_page 404 = @not_found;',
    '            if ($media_refusal) {',
    '                return 403;',
    '            }',
    '            add_header Cache-Control $media_cache_control always;',
    '            add_header Cross-Origin-Resource-Policy same-origin always;',
    '            add_header X-Content-Type-Options nosniff always;',
    `            alias ${media}/$media_id/$media_file;`,
    '        }',
    '',
    '        # Posters are public.',
    '        # A sample class has one per language (`?lang=es`: poster-es.jpg, docs/decisions/059); any other media its only one.',
    `        location ~ "^/media/(?<poster_media>${MEDIA_ID})/poster\\.jpg$" {`,
    '            default_type image/jpeg;',
    '            error_page 404 = @not_found;',
    '            add_header Cache-Control "public, max-age=86400" always;',
    '            add_header Cross-Origin-Resource-Policy same-origin always;',
    '            add_header X-Content-Type-Options nosniff always;',
    `            root ${media};`,
    '            try_files /$poster_media/poster$poster_language.jpg /$poster_media/poster.jpg =404;',
    '        }',
    '',
    '        # Everything else, a session\'s master playlist and malformed media URLs included, is the API\'s.',
    '        location / {',
    '            proxy_pass http://fitstream;',
    '            proxy_http_version 1.1;',
    '            proxy_set_header Connection "";',
    '            proxy_set_header Host $host;',
    '            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    '            proxy_set_header X-Forwarded-Proto $scheme;',
    '            proxy_read_timeout 75s;',
    '            proxy_buffering off;',
    '        }',
    '',
    ...errorLocation('@refused', 403, '$media_refusal_message', '$media_refusal'),
    '',
    ...errorLocation('@not_found', 404, '$not_found_message', 'request.notFound'),
    '    }',
    '',
    '    # The poster language a query names: only a known one reaches a file name.',
    '    map $arg_lang $poster_language {',
    '        default "";',
    '        es "-es";',
    '    }',
    '',
    '    # Segments and tracks never change; a playlist\'s URL carries a session\'s grant.',
    '    map $media_file $media_cache_control {',
    '        default "public, max-age=31536000, immutable";',
    '        ~\\.m3u8$ "private, no-store";',
    '    }',
    '}',
    '',
  ];
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(EXAMPLE_FILE, renderEdgeConfig(exampleEdge));
  console.log(`wrote ${path.relative(process.cwd(), EXAMPLE_FILE)}`);
}
