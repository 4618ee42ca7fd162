-- Activities are searched by the in-memory activity index (server/services/activity-index.ts): the full-text vector goes.
DROP INDEX IF EXISTS "cnaes_search_idx";--> statement-breakpoint
ALTER TABLE "cnaes" DROP COLUMN IF EXISTS "search_vector";