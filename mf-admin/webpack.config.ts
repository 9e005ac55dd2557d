import { createFrontendConfig } from '../scripts/webpack/frontend-config';

export default (mode: 'production' | 'development' = 'production') =>
  createFrontendConfig({
    app: 'mf-admin',
    name: 'mf_admin',
    mode,
    title: 'Cliffhanger staff area (standalone)',
    devPort: 4105,
    exposes: { './module': './src/module.ts' },
  });
