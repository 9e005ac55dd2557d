/**
 * `npm run dev -w mf-wallet` (or any frontend): that app alone on its dev server. A remote runs in its
 * standalone harness (own store and router); the API is expected at PORT (default 8080).
 */
import { FRONTENDS, startDevServer } from './dev-servers';

const app = process.argv[2];
const frontend = FRONTENDS.find((f) => f.app === app);
if (!frontend) {
  console.error(`Unknown frontend "${app}". Choose one of: ${FRONTENDS.map((f) => f.app).join(', ')}`);
  process.exit(1);
}
startDevServer(frontend).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
