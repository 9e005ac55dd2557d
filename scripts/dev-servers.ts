/** Runs frontends on webpack-dev-server, each on its own port, proxying the APIs to the API server. */
import path from 'node:path';
import webpack, { type Configuration } from 'webpack';
import WebpackDevServer from 'webpack-dev-server';
import { devPortOf, FRONTENDS, type Frontend, ROOT } from './frontends';

export const apiPort = () => Number(process.env.PORT ?? 8080);

export function devRemotesJson(host = 'localhost') {
  return Object.fromEntries(
    FRONTENDS.filter((f) => f.remote).map((f) => [f.remote, `http://${host}:${devPortOf(f)}/mf-manifest.json`]),
  );
}

export async function startDevServer(frontend: Frontend): Promise<WebpackDevServer> {
  const module = (await import(path.join(ROOT, frontend.app, 'webpack.config.ts'))) as {
    default: ((mode: string) => Configuration) | { default: (mode: string) => Configuration };
  };
  const factory = typeof module.default === 'function' ? module.default : module.default.default;
  const config = factory('development');
  const target = `http://127.0.0.1:${apiPort()}`;
  const server = new WebpackDevServer(
    {
      ...config.devServer,
      port: devPortOf(frontend),
      proxy: [{ context: ['/api', '/feed-api', '/media'], target, changeOrigin: true }],
      setupMiddlewares: (middlewares, devServer) => {
        // The shell reads remote locations at run time; in development they are the remotes' dev servers.
        devServer.app?.get('/remotes.json', (_req, res) => {
          res.setHeader('cache-control', 'no-cache');
          res.json(devRemotesJson());
        });
        return middlewares;
      },
    },
    webpack(config),
  );
  await server.start();
  console.log(`${frontend.app.padEnd(11)} http://localhost:${devPortOf(frontend)}`);
  return server;
}

export { FRONTENDS };
