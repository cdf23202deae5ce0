-- An inverter's layout (MPPT inputs, modules per string, module type) is kept on the device, and each scan keeps the
-- layout it was judged against, as a task keeps its template.
ALTER TABLE "devices" ADD COLUMN "pv_layout" jsonb;--> statement-breakpoint
ALTER TABLE "iv_task_scans" ADD COLUMN "layout" jsonb;