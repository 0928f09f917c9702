CREATE TABLE "ds_resource" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"catalog_id" uuid NOT NULL,
	"file_id" uuid,
	"kind" varchar(8) NOT NULL,
	"table_name" varchar(63) NOT NULL,
	"fields" jsonb NOT NULL,
	"row_count" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ds_resource" ADD CONSTRAINT "ds_resource_catalog_id_data_catalog_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."data_catalog"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ds_resource" ADD CONSTRAINT "ds_resource_file_id_data_catalog_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."data_catalog_file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ds_resource_table_uq" ON "ds_resource" USING btree ("table_name");--> statement-breakpoint
CREATE UNIQUE INDEX "ds_resource_file_uq" ON "ds_resource" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "ds_resource_catalog_idx" ON "ds_resource" USING btree ("catalog_id");--> statement-breakpoint
CREATE SCHEMA IF NOT EXISTS datastore;
--> statement-breakpoint
-- A resource's table goes with its row, whatever removed the row (a file discarded, an entry deleted).
CREATE FUNCTION ds_resource_drop_table() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('DROP TABLE IF EXISTS datastore.%I', OLD.table_name);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ds_resource_drop AFTER DELETE ON ds_resource FOR EACH ROW EXECUTE FUNCTION ds_resource_drop_table();
--> statement-breakpoint
-- The rows of every data file stored so far move into a table of their own (text columns; empty
-- cells become NULL, as the datastore writes them).
DO $$
DECLARE
  f record;
  width int;
  cols text;
  sel text;
  fields jsonb;
  tname text;
BEGIN
  FOR f IN SELECT id, catalog_id, columns, row_count FROM data_catalog_file WHERE kind = 'data' LOOP
    width := greatest(
      coalesce(jsonb_array_length(f.columns), 0),
      coalesce((SELECT max(jsonb_array_length(r.data)) FROM data_catalog_row r WHERE r.file_id = f.id), 0));
    tname := 'f_' || replace(f.id::text, '-', '');
    SELECT coalesce(string_agg(format(', c%s text', i), '' ORDER BY i), ''),
           coalesce(string_agg(format(', nullif(r.data->>%s, '''')', i - 1), '' ORDER BY i), ''),
           coalesce(jsonb_agg(jsonb_build_object('column', 'c' || i, 'name', coalesce(f.columns->>(i - 1), '列' || i),
             'type', 'text') ORDER BY i), '[]'::jsonb)
      INTO cols, sel, fields
      FROM generate_series(1, width) AS g(i);
    EXECUTE format('CREATE TABLE datastore.%I (_row bigint PRIMARY KEY%s)', tname, cols);
    EXECUTE format('INSERT INTO datastore.%I SELECT r.row_no%s FROM data_catalog_row r WHERE r.file_id = $1', tname, sel)
      USING f.id;
    INSERT INTO ds_resource (catalog_id, file_id, kind, table_name, fields, row_count)
      VALUES (f.catalog_id, f.id, 'file', tname, fields, f.row_count);
  END LOOP;
END $$;
--> statement-breakpoint
DROP TABLE data_catalog_row;
