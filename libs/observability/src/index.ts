export * from './job-log-context';
export * from './logger';
export * from './logging.module';
export * from './metrics-access';
export * from './metrics-registry';
export * from './readiness';
export * from './request-id';
