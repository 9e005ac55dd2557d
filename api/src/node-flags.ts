/**
 * The Node.js (V8) flags the API runs with: `npm start` (package.json), the Docker image's command and
 * the benches that start the API as `npm start` does all pass exactly these (a test holds them equal).
 *
 * `--no-allocation-site-pretenuring` keeps per-request objects from being born in the old generation
 * under load (the measurement is in docs/results.md); it works only on the command line.
 */
export const API_NODE_FLAGS: readonly string[] = ['--no-allocation-site-pretenuring'];
