export * from './base-config';
export * from './queues';
export * from './redis-keys';
export * from './redis-connection';
export * from './live-event-publisher';
