-- Accent- and case-insensitive search (CNAE lookup, city search, company search).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
