export * from './elo-mmr';
export * from './elo-mmr-params';
export * from './ratings';
export * from './tiers';
