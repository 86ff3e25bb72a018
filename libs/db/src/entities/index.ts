export * from './announcement.entity';
export * from './app-secret.entity';
export * from './problem.entity';
export * from './problem-update.entity';
export * from './refresh-token.entity';
export * from './submission.entity';
export * from './test-case.entity';
export * from './user.entity';
