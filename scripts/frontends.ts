/** The frontends of the workspace and where their builds land; one list for build, dev and serve. */
import path from 'node:path';
import type { RemoteId } from '@cliffhanger/shared/routes';

export const ROOT = path.resolve(__dirname, '..');

export interface Frontend {
  app: string;
  remote: RemoteId | null; // null for the shell
  devPortEnv: string;
  defaultDevPort: number;
}

export const FRONTENDS: Frontend[] = [
  { app: 'shell', remote: null, devPortEnv: 'SHELL_DEV_PORT', defaultDevPort: 4100 },
  { app: 'mf-catalog', remote: 'catalog', devPortEnv: 'CATALOG_DEV_PORT', defaultDevPort: 4101 },
  { app: 'mf-player', remote: 'player', devPortEnv: 'PLAYER_DEV_PORT', defaultDevPort: 4102 },
  { app: 'mf-wallet', remote: 'wallet', devPortEnv: 'WALLET_DEV_PORT', defaultDevPort: 4103 },
  { app: 'mf-account', remote: 'account', devPortEnv: 'ACCOUNT_DEV_PORT', defaultDevPort: 4104 },
  { app: 'mf-admin', remote: 'admin', devPortEnv: 'ADMIN_DEV_PORT', defaultDevPort: 4105 },
];

export const distOf = (app: string) => path.join(ROOT, app, 'dist');
export const devPortOf = (frontend: Frontend) => Number(process.env[frontend.devPortEnv] ?? frontend.defaultDevPort);
