export * from './workspaces.js';
export * from './users.js';
export * from './auth.js';
export * from './networks.js';
export * from './contacts.js';
export * from './contact-imports.js';
export * from './messages.js';
export * from './auto-reply.js';
