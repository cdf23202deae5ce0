CREATE TABLE "plant_live_figures" (
	"plant_id" integer PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"power_w" double precision NOT NULL,
	"energy_today_kwh" double precision NOT NULL,
	"energy_total_kwh" double precision NOT NULL,
	"device_count" integer NOT NULL,
	"online_count" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plant_live_figures" ADD CONSTRAINT "plant_live_figures_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE cascade ON UPDATE no action;