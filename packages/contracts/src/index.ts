export * from './limits.ts';
export * from './envelope.ts';
export * from './menu.ts';
export * from './common.ts';
export * from './auth.ts';
export * from './users.ts';
