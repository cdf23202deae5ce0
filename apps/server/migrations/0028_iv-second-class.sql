-- A diagnosis names its two likeliest classes and says when they are close: kept per string for the results table.
ALTER TABLE "iv_strings" ADD COLUMN "second_class" text;--> statement-breakpoint
ALTER TABLE "iv_strings" ADD COLUMN "second_confidence" double precision;--> statement-breakpoint
ALTER TABLE "iv_strings" ADD COLUMN "low_confidence" boolean;