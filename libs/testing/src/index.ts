export * from './contest-fixtures';
export * from './factories';
export * from './live-fixtures';
export * from './log-capture';
export * from './problem-fixtures';
export * from './sse-client';
export * from './test-app';
