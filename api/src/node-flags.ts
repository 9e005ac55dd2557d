/**
 * The Node.js (V8) flags the API runs with: `npm start` (package.json), the Docker image's command and
 * the benches that start the API as `npm start` does all pass exactly these (a test holds them equal).
 *
 * `--no-allocation-site-pretenuring`: V8 allocates objects straight into the old generation from an
 * allocation site whose objects mostly survived a young-generation collection. Under load an HTTP
 * server's per-request objects (request, response, stream states, write requests) fall into that
 * trap once a few of them live through a collection: from then on they are born old, each one dead
 * within a millisecond yet holding its young neighbours alive through every young collection until a
 * full collection runs — and with the API's heap (the catalogue, its caches and the compiled routes)
 * full collections are rare. Measured on the public-view poll under 50 connections: a quarter of all
 * allocated bytes survived to the old generation and young-collection pauses took 150–200 ms per
 * 100 collections; with the flag, 0 % and 50–60 ms. The flag must be given on the command line: set
 * from code once V8 runs (`v8.setFlagsFromString`), it no longer changes the collector's choice.
 */
export const API_NODE_FLAGS: readonly string[] = ['--no-allocation-site-pretenuring'];
