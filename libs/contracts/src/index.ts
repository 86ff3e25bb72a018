export * from './submission-status';
export * from './judge0-status';
export * from './limits';
export * from './judging';
export * from './live-event';
export * from './errors';
export * from './text';
