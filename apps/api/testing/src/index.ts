// The API's test helpers (@oj/api-testing), for the API's tests and the system tests only: they start the API from
// its source and sign users in with its own services, so they live with the API, never in libs/ (a lib never
// imports an app; DEVELOPMENT.md).
export * from './board-reference';
export * from './contest-fixtures';
export * from './factories';
export * from './live-fixtures';
export * from './log-capture';
export * from './package-fixtures';
export * from './problem-fixtures';
export * from './similarity-sources';
export * from './sse-client';
export * from './test-app';
export * from './test-database';
export * from './zip-builder';
