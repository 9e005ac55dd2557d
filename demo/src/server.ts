/**
 * The API server with the demo catalogue: registers the demo's start-up job with the API (the job does
 * nothing under SEED_DEMO=false), then starts the API's own `api/src/server.ts`, which runs it.
 * `npm start`, `npm run dev`, the browser journeys, the benches and the API image run this file; the
 * API alone (`api/src/server.ts`, and every worker of a cluster) makes no demo catalogue.
 */
import { setStartupJob } from '../../api/src/startup-job';
import { demoCatalogueJob } from './demo-startup-job';

setStartupJob(demoCatalogueJob);
// After the registration: importing the server starts it.
void import('../../api/src/server');
