// The edge's example configuration (deploy/nginx/fitstream-edge.conf) is what its template writes:
// the file an operator copies is the one the edge tests run (tests/edge).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILE, exampleEdge, renderEdgeConfig } from '../../scripts/nginx-config';

describe('the edge configuration', () => {
  it('in deploy/ is the template rendered for the example topology (npx tsx scripts/nginx-config.ts)', () => {
    expect(readFileSync(EXAMPLE_FILE, 'utf8')).toBe(renderEdgeConfig(exampleEdge));
  });

  it('gives every refusal its message in each language, as the API does', () => {
    const config = renderEdgeConfig(exampleEdge);
    expect(config).toContain('"playback.badLink:es" "Este enlace de reproducción ha caducado o no es válido. Vuelve a cargar el reproductor para continuar.";');
    expect(config).toContain('"request.notFound:en" "There is nothing at $request_method $uri.";');
  });
});
