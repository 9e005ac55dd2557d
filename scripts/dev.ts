/**
 * `npm run dev`: the API with the demo catalogue (demo/src/server.ts) in watch mode and every frontend
 * on its own webpack-dev-server port. The shell (http://localhost:4100 by default) loads the remotes
 * from their dev servers through `remotes.json`.
 */
import { spawn } from 'node:child_process';
import { apiPort, FRONTENDS, startDevServer } from './dev-servers';
import { ROOT } from './frontends';

const api = spawn(process.execPath, [require.resolve('tsx/cli', { paths: [ROOT] }), 'watch', 'demo/src/server.ts'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, PORT: String(apiPort()), SERVE_FRONTENDS: 'false', NODE_ENV: 'development' },
});
const stop = () => {
  api.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

(async () => {
  for (const frontend of FRONTENDS) await startDevServer(frontend);
  console.log(`api         http://localhost:${apiPort()}/api (docs at /api/docs)`);
})().catch((error: unknown) => {
  console.error(error);
  stop();
});
