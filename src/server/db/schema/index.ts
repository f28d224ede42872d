/** Every table, one file per area; drizzle-kit reads this folder to generate migrations. */
export * from './auth';
export * from './billing';
export * from './goals';
export * from './accounts';
export * from './transactions';
export * from './dashboard';
export * from './chat';
export * from './sessions';
export * from './identities';
export * from './rewards';
export * from './account';
export * from './budgets';
export * from './autoRules';
export * from './recurring';
export * from './rates';
