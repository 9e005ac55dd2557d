export * from './catalogue-check';
export * from './format';
export * from './i18n';
export * from './languages';
export * from './price-per-period';
