export * from './contest-board';
export * from './contest-freeze';
export * from './data-source';
export * from './ensure-database';
export * from './entities';
export * from './final-result';
export * from './problem-checker';
export * from './submission-row';
