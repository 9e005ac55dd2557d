/**
 * The compose deployment's nginx servers, read from their files: they follow the API's replicas through
 * Docker's DNS instead of the addresses they saw at start, they run unprivileged, and the site's entry
 * point sends every page to the API (which adds link previews and the first hero image, as under
 * `npm start`) while serving the shell's files itself.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const root = path.resolve(__dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const main = read('deploy/nginx.conf');
const servers = ['deploy/nginx-api.conf', 'deploy/nginx-shell.conf', 'deploy/nginx-static.conf'];
const shell = read('deploy/nginx-shell.conf');
const dockerfile = read('Dockerfile');
const compose = parse(read('docker-compose.yml')) as {
  services: Record<
    string,
    {
      image?: string;
      volumes?: string[];
      ports?: string[];
      environment?: Record<string, string>;
      build?: { target?: string; args?: Record<string, string> };
    }
  >;
};

/** The directives of one block, e.g. `upstream api_replicas` or `location @page`, without comments. */
function block(conf: string, header: string): string {
  const start = conf.indexOf(`${header} {`);
  if (start === -1) throw new Error(`no block "${header}"`);
  const end = conf.indexOf('}', start);
  return conf.slice(start + header.length + 2, end).replace(/#.*$/gm, '');
}

describe('the nginx servers of the compose deployment', () => {
  it('ask Docker’s DNS again every few seconds, so replicas added or recreated are used', () => {
    const resolver = main.match(/^\s*resolver\s+127\.0\.0\.11\s+valid=(\d+)s\b/m);
    expect(resolver).not.toBeNull();
    expect(Number(resolver?.[1])).toBeLessThanOrEqual(10);
  });

  it('resolve every upstream server at run time, and proxy only to those upstreams', () => {
    for (const file of servers) {
      const conf = read(file);
      const upstreams = [...conf.matchAll(/^upstream\s+(\w+)\s*\{/gm)].map(([, name = '']) => name);
      for (const name of upstreams) {
        const body = block(conf, `upstream ${name}`);
        expect({ file, name, zone: /^\s*zone\s+\w+\s+\d+k;/m.test(body) }).toEqual({ file, name, zone: true });
        for (const [server] of body.matchAll(/^\s*server\s+[^;]+;/gm))
          expect({ file, server: server.trim() }).toEqual({ file, server: expect.stringMatching(/\sresolve;$/) });
      }
      // A host named in proxy_pass itself would be looked up once, at start, and never again.
      for (const [, target] of conf.matchAll(/proxy_pass\s+http:\/\/([^;/]+)/g))
        expect({ file, target, upstream: upstreams.includes(target ?? '') }).toEqual({ file, target, upstream: true });
    }
  });

  it('quote every location pattern with a brace, which nginx would otherwise read as the block’s start', () => {
    for (const file of servers)
      for (const [line] of read(file).matchAll(/^\s*location\s+~\*?\s+[^\n]*$/gm))
        if (line.includes('{8}') || /\{\d/.test(line))
          expect({ file, line: line.trim() }).toEqual({
            file,
            line: expect.stringMatching(/^location ~\*? "[^"]+" \{$/),
          });
  });

  it('run an nginx that has upstream resolve (1.27.3 and later), pinned in both places', () => {
    const versions = [
      compose.services['api-proxy']?.image ?? '',
      dockerfile.match(/^ARG NGINX_IMAGE=(\S+)$/m)?.[1] ?? '',
    ].map((image) =>
      image
        .match(/^nginx:(\d+)\.(\d+)\.(\d+)-/)
        ?.slice(1)
        .map(Number),
    );
    for (const version of versions) {
      const [major = 0, minor = 0, patch = 0] = version ?? [];
      expect(major * 1e6 + minor * 1e3 + patch).toBeGreaterThanOrEqual(1_027_003);
    }
  });

  it('run as the unprivileged nginx user: port 8080, pid and temporary files under /tmp', () => {
    expect(main).toMatch(/^pid \/tmp\//m);
    for (const temp of ['client_body', 'proxy']) expect(main).toMatch(new RegExp(`^\\s*${temp}_temp_path /tmp/`, 'm'));
    for (const file of servers)
      expect({ file, listen: read(file).match(/^\s*listen\s+(\S+);/m)?.[1] }).toEqual({ file, listen: '8080' });
    expect(compose.services['api-proxy']?.volumes).toContain('./deploy/nginx.conf:/etc/nginx/nginx.conf:ro');
    expect(dockerfile).toContain('COPY deploy/nginx.conf /etc/nginx/nginx.conf');
    for (const name of ['api-proxy', 'shell', 'catalog', 'player', 'wallet', 'account', 'admin'])
      expect({ name, port: compose.services[name]?.ports?.[0]?.split(':')[1] }).toEqual({ name, port: '8080' });
  });
});

describe('the site’s entry point (the shell’s server)', () => {
  it('is the shell service’s configuration', () => {
    expect(compose.services.shell?.volumes).toContain('./deploy/nginx-shell.conf:/etc/nginx/conf.d/default.conf:ro');
  });

  it('sends the home page, every path that is not a file, and the browser configuration to the API', () => {
    for (const exact of ['/', '/index.html', '/config.js'])
      expect({ exact, body: block(shell, `location = ${exact}`).trim() }).toEqual({
        exact,
        body: 'proxy_pass http://api_entry;',
      });
    expect(block(shell, 'location /').trim()).toBe('try_files $uri @page;');
    expect(block(shell, 'location @page').trim()).toBe('proxy_pass http://api_entry;');
    expect(block(shell, 'upstream api_entry')).toMatch(/server api:8080 resolve;/);
  });

  it('passes the visitor’s host and address on, so previews and rate limits see the real ones', () => {
    expect(shell).toMatch(/^\s*proxy_set_header Host \$http_host;/m);
  });

  it('lets no visitor choose the address its rate limits and free coins count against', () => {
    // Both servers are edges: each replaces X-Forwarded-For with the peer it sees; appending would keep
    // whatever the client wrote first, and the API (TRUST_PROXY=true) takes the first address.
    for (const edge of [shell, read('deploy/nginx-api.conf')]) {
      expect(edge).toMatch(/^\s*proxy_set_header X-Forwarded-For \$remote_addr;/m);
      expect(edge).not.toContain('$proxy_add_x_forwarded_for');
    }
  });

  it('is answered by an API that serves pages from the very shell build the static server has', () => {
    expect(compose.services.api?.environment?.SERVE_FRONTENDS).toBe('true');
    // Both images take the shell from the one `build` stage with APP=shell, so the page names files
    // the static server has.
    expect(dockerfile).toMatch(/^FROM deps AS build\nARG APP=shell\n/m);
    expect(dockerfile).toContain('COPY --from=build /app/shell/dist ./shell/dist');
    expect(compose.services.shell?.build).toEqual({ context: '.', target: 'static', args: { APP: 'shell' } });
    expect(compose.services.api?.build?.args?.APP ?? 'shell').toBe('shell');
  });
});
