// What the conversations feature offers the app and other features (ARCHITECTURE.md, "Web folders").
export { useInboxCounts } from './api/use-inbox-counts';
