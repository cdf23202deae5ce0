export * from './limits.ts';
export * from './envelope.ts';
export * from './menu.ts';
