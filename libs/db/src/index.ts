export * from './entities';
export * from './data-source';
export * from './ensure-database';
export * from './submission-row';
export * from './final-result';
export * from './problem-checker';
