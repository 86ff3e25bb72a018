export * from './elo-mmr';
export * from './elo-mmr-params';
export * from './rate-contests';
export * from './ratings';
export * from './tiers';
