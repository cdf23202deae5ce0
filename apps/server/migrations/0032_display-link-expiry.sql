-- Display links expire (docs/decisions/0013-display-links.md). A link made before expiry existed keeps working for
-- 90 days from this upgrade, long enough for an administrator to see the date in the list and make its successor.
ALTER TABLE "display_links" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "display_links" SET "expires_at" = now() + interval '90 days';--> statement-breakpoint
ALTER TABLE "display_links" ALTER COLUMN "expires_at" SET NOT NULL;
