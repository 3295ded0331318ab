export * from './auth.ts';
export * from './identity.ts';
export * from './contact.ts';
export * from './system.ts';
export * from './consent.ts';
export * from './storage.ts';
export { appUser } from './policies.ts';
export * from './reference.ts';
export * from './accounts.ts';
