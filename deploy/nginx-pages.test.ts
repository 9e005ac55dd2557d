/**
 * The compose deployment's pages come from nginx, not the API: their Content-Security-Policy must be
 * the one the API would send for the same remotes, with nosniff kept beside it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { policyForDeployment } from '../api/src/frontends/print-content-security-policy';

const conf = readFileSync(path.join(__dirname, 'nginx-static.conf'), 'utf8');
const pagesBlock = conf.slice(
  conf.indexOf('location ~ \\.html$'),
  conf.indexOf('}', conf.indexOf('location ~ \\.html$')),
);

describe('the static servers of the compose deployment', () => {
  it('send the page policy the API computes for remotes.compose.json on the public origin', () => {
    const sent = pagesBlock.match(/Content-Security-Policy "([^"]+)"/)?.[1];
    const expected = policyForDeployment(path.join(__dirname, 'remotes.compose.json'), 'http://localhost:8100', {});
    expect(sent).toBe(expected);
  });

  it('keep nosniff on pages, whose location drops the server-level headers', () => {
    expect(pagesBlock).toContain('X-Content-Type-Options "nosniff"');
  });
});
