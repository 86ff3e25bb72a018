export * from './base-config';
export * from './job-cancels';
export * from './live-event-publisher';
export * from './queues';
export * from './redis-connection';
export * from './redis-keys';
