import { createFrontendConfig } from '../scripts/webpack/frontend-config';

export default (mode: 'production' | 'development' = 'production') =>
  createFrontendConfig({
    app: 'mf-catalog',
    name: 'mf_catalog',
    mode,
    title: 'Cliffhanger catalogue (standalone)',
    devPort: 4101,
    exposes: { './module': './src/module.ts' },
  });
