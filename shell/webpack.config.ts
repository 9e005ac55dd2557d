import { createFrontendConfig } from '../scripts/webpack/frontend-config';

export default (mode: 'production' | 'development' = 'production') =>
  createFrontendConfig({ app: 'shell', name: 'shell', mode, title: 'Cliffhanger — short dramas', devPort: 4100 });
