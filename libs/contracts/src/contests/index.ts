export * from './board';
export * from './clarifications';
export * from './formats';
export * from './freeze';
export * from './rules';
export * from './stream';
