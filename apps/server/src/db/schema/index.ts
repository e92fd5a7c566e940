export * from './workspaces.js';
export * from './users.js';
export * from './auth.js';
