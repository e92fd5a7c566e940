import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * Extensions the migrations create (PostgreSQL ships them in its contrib files): pg_trgm indexes
 * the contact book's search ("part of a name or number").
 */
export const PGLITE_EXTENSIONS = { pg_trgm };
