import { createFrontendConfig } from '../scripts/webpack/frontend-config';

export default (mode: 'production' | 'development' = 'production') =>
  createFrontendConfig({
    app: 'mf-player',
    name: 'mf_player',
    mode,
    title: 'Cliffhanger player (standalone)',
    devPort: 4102,
    exposes: { './module': './src/module.ts' },
  });
