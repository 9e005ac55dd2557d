import { createFrontendConfig } from '../scripts/webpack/frontend-config';

export default (mode: 'production' | 'development' = 'production') =>
  createFrontendConfig({
    app: 'mf-account',
    name: 'mf_account',
    mode,
    title: 'Cliffhanger account (standalone)',
    devPort: 4104,
    exposes: { './module': './src/module.ts' },
  });
