-- pg_trgm (a trusted extension: the database owner may create it) gives the plant-name filters their index.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "plants_name_trgm_idx" ON "plants" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sim_cards_operator_idx" ON "sim_cards" USING btree ("operator");