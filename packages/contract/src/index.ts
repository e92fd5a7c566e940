export * from './constants.js';
export * from './errors.js';
export * from './users.js';
export * from './auth.js';
export * from './workspaces.js';
export * from './socket.js';
export * from './preferences.js';
export * from './members.js';
