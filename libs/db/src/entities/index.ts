export * from './user.entity';
export * from './refresh-token.entity';
export * from './problem.entity';
export * from './test-case.entity';
export * from './submission.entity';
export * from './announcement.entity';
export * from './problem-update.entity';
export * from './app-secret.entity';
