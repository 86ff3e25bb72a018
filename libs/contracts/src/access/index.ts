export * from './access-policy';
