/** Jest global setup for the browser journeys: one built system for the whole run. */
import { buildFrontends } from '../../scripts/build';
import { startSystem } from './system';

export default async function globalSetup() {
  await buildFrontends();
  const system = await startSystem();
  process.env.E2E_BASE_URL = system.baseUrl;
  (globalThis as { __CLIFFHANGER_SYSTEM__?: unknown }).__CLIFFHANGER_SYSTEM__ = system;
}
