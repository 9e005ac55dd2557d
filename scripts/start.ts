/**
 * `npm start`: builds the frontends that are not built yet (with progress), then runs the API in this
 * same process, serving the shell, every remote, the API and the media feed from one port (PORT, 8080).
 * On first start the API migrates the embedded database and generates the demo catalogue.
 */
import { loadEnvFile } from '../api/src/env-file';
import { buildFrontends } from './build';

async function main() {
  // .env first, so what it says (SERVE_FRONTENDS, PORT …) counts for everything below.
  loadEnvFile();
  await buildFrontends();
  process.env.SERVE_FRONTENDS ??= 'true';
  await import('../api/src/server');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
