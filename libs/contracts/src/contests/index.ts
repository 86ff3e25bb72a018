export * from './board';
export * from './formats';
export * from './rules';
