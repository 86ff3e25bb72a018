export * from './access-policy';
export * from './access-sql';
