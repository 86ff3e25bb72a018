export * from './formats';
export * from './rules';
