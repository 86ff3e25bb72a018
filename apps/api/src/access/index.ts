export * from './access-policy';
export * from './access-sql';
export * from './contest-access';
