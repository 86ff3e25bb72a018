export * from './logger';
export * from './request-id';
export * from './job-log-context';
export * from './metrics-access';
export * from './metrics-registry';
export * from './readiness';
export * from './logging.module';
