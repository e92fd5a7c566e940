import type { conversations, messages } from '../../db/schema/index.js';

/** The row shapes of the tables messaging owns (conversations, messages). */
export type MessageRow = typeof messages.$inferSelect;
export type ConversationRow = typeof conversations.$inferSelect;
