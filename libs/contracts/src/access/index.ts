export * from './access-policy';
export * from './contest-access';
