CREATE TABLE "portal_figure" (
	"dim" varchar(8) NOT NULL,
	"key" varchar(64) NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	"open_entries" integer DEFAULT 0 NOT NULL,
	"files" integer DEFAULT 0 NOT NULL,
	"rows" bigint DEFAULT 0 NOT NULL,
	"downloads" bigint DEFAULT 0 NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "portal_figure_pk" PRIMARY KEY("dim","key")
);
--> statement-breakpoint
CREATE TABLE "portal_version" (
	"id" smallint PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "data_catalog_org_updated_idx" ON "data_catalog" USING btree ("org_code","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"shelf_status");--> statement-breakpoint
CREATE INDEX "data_catalog_public_org_idx" ON "data_catalog" USING btree ("org_code","release_time" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE shelf_status = 2 and open_type in ('1', '2');--> statement-breakpoint
CREATE INDEX "data_catalog_public_area_idx" ON "data_catalog" USING btree ("key_areas_type","release_time" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE shelf_status = 2 and open_type in ('1', '2');--> statement-breakpoint
CREATE INDEX "data_catalog_public_download_idx" ON "data_catalog" USING btree ("download_num" DESC NULLS FIRST,"release_time" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE shelf_status = 2 and open_type in ('1', '2');--> statement-breakpoint
CREATE INDEX "data_catalog_public_updated_idx" ON "data_catalog" USING btree ("data_update_time" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE shelf_status = 2 and open_type in ('1', '2');--> statement-breakpoint
-- What a change of entries does to the figures, per (dim, key): the rows before the change count
-- negatively and the rows after it positively, so only differences are written (a name edit writes
-- nothing; a view writes its department's and key area's rows). Figures other than open entries are
-- kept only where the portal shows them (`all_figures`, `views`).
CREATE FUNCTION portal_figure_merge(removed data_catalog[], added data_catalog[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO portal_figure AS f (dim, key, entries, open_entries, files, rows, downloads, views)
  SELECT k.dim, k.key, sum(d.sign * d.entries * k.all_figures), sum(d.sign * d.open_entries),
    sum(d.sign * d.files * k.all_figures), sum(d.sign * d.rows * k.all_figures),
    sum(d.sign * d.downloads * k.all_figures), sum(d.sign * d.views * k.views)
  FROM (
    SELECT c.sign, c.org_code, c.key_areas_type, c.data_format, c.share_type, c.open_type, c.update_frequency,
      (c.catalog_status = 2 AND c.shelf_status <> 9)::int AS entries,
      c.pub::int AS open_entries,
      CASE WHEN c.pub THEN (
        SELECT count(*)::int FROM data_catalog_file x WHERE x.catalog_id = c.id AND x.deleted_at IS NULL
      ) ELSE 0 END AS files,
      CASE WHEN c.pub THEN c.total_num ELSE 0 END AS rows,
      CASE WHEN c.pub THEN c.download_num ELSE 0 END AS downloads,
      CASE WHEN c.pub THEN c.view_num ELSE 0 END AS views
    FROM (
      SELECT -1 AS sign, r.*, r.shelf_status = 2 AND r.open_type IN ('1', '2') AS pub FROM unnest(removed) r
      UNION ALL
      SELECT 1, a.*, a.shelf_status = 2 AND a.open_type IN ('1', '2') FROM unnest(added) a
    ) c
  ) d
  CROSS JOIN LATERAL (VALUES
    ('all', '', 1, 0), ('org', d.org_code, 1, 1), ('area', d.key_areas_type, 1, 1),
    ('format', d.data_format, 0, 0), ('share', d.share_type, 0, 0), ('open', d.open_type, 0, 0),
    ('freq', d.update_frequency, 0, 0)
  ) AS k(dim, key, all_figures, views)
  GROUP BY k.dim, k.key
  HAVING sum(d.sign * d.entries * k.all_figures) <> 0 OR sum(d.sign * d.open_entries) <> 0
    OR sum(d.sign * d.files * k.all_figures) <> 0 OR sum(d.sign * d.rows * k.all_figures) <> 0
    OR sum(d.sign * d.downloads * k.all_figures) <> 0 OR sum(d.sign * d.views * k.views) <> 0
  -- One lock order for every writer, so concurrent changes cannot deadlock on the figure rows.
  ORDER BY k.dim, k.key
  ON CONFLICT (dim, key) DO UPDATE SET
    entries = f.entries + excluded.entries, open_entries = f.open_entries + excluded.open_entries,
    files = f.files + excluded.files, rows = f.rows + excluded.rows,
    downloads = f.downloads + excluded.downloads, views = f.views + excluded.views;
$$;
--> statement-breakpoint
-- Statement-level with transition tables: a bulk load or a batch decision merges once per statement.
CREATE FUNCTION portal_figure_on_catalog() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM portal_figure_merge('{}'::data_catalog[], array(SELECT n::data_catalog FROM added n));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM portal_figure_merge(array(SELECT o::data_catalog FROM removed o), array(SELECT n::data_catalog FROM added n));
  ELSE
    PERFORM portal_figure_merge(array(SELECT o::data_catalog FROM removed o), '{}'::data_catalog[]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER portal_figure_catalog_insert AFTER INSERT ON data_catalog
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION portal_figure_on_catalog();
--> statement-breakpoint
CREATE TRIGGER portal_figure_catalog_update AFTER UPDATE ON data_catalog
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION portal_figure_on_catalog();
--> statement-breakpoint
CREATE TRIGGER portal_figure_catalog_delete AFTER DELETE ON data_catalog
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION portal_figure_on_catalog();
--> statement-breakpoint
-- Files of public entries: an attachment added, removed or restored changes the file count. (A public
-- entry is never deleted outright, only marked 9, so its files are not lost to the cascade.)
CREATE FUNCTION portal_figure_files_merge(removed data_catalog_file[], added data_catalog_file[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO portal_figure AS f (dim, key, files)
  SELECT k.dim, k.key, sum(ch.sign)
  FROM (
    SELECT -1 AS sign, r.catalog_id FROM unnest(removed) r WHERE r.deleted_at IS NULL
    UNION ALL
    SELECT 1, a.catalog_id FROM unnest(added) a WHERE a.deleted_at IS NULL
  ) ch
  JOIN data_catalog c ON c.id = ch.catalog_id AND c.shelf_status = 2 AND c.open_type IN ('1', '2')
  CROSS JOIN LATERAL (VALUES ('all', ''), ('org', c.org_code), ('area', c.key_areas_type)) AS k(dim, key)
  GROUP BY k.dim, k.key
  HAVING sum(ch.sign) <> 0
  ORDER BY k.dim, k.key
  ON CONFLICT (dim, key) DO UPDATE SET files = f.files + excluded.files;
$$;
--> statement-breakpoint
CREATE FUNCTION portal_figure_on_file() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM portal_figure_files_merge('{}'::data_catalog_file[], array(SELECT n::data_catalog_file FROM added n));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM portal_figure_files_merge(array(SELECT o::data_catalog_file FROM removed o), array(SELECT n::data_catalog_file FROM added n));
  ELSE
    PERFORM portal_figure_files_merge(array(SELECT o::data_catalog_file FROM removed o), '{}'::data_catalog_file[]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER portal_figure_file_insert AFTER INSERT ON data_catalog_file
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION portal_figure_on_file();
--> statement-breakpoint
CREATE TRIGGER portal_figure_file_update AFTER UPDATE ON data_catalog_file
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION portal_figure_on_file();
--> statement-breakpoint
CREATE TRIGGER portal_figure_file_delete AFTER DELETE ON data_catalog_file
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION portal_figure_on_file();
--> statement-breakpoint
-- The figures of the entries already there.
SELECT portal_figure_merge('{}'::data_catalog[], array(SELECT c FROM data_catalog c));
--> statement-breakpoint
INSERT INTO portal_version (id, version) VALUES (1, 0);
--> statement-breakpoint
CREATE FUNCTION portal_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE portal_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER portal_version_catalog AFTER INSERT OR DELETE OR TRUNCATE ON data_catalog
  FOR EACH STATEMENT EXECUTE FUNCTION portal_version_bump();
--> statement-breakpoint
-- Not on view_num or download_num: a view or a download changes no count, no match and no relevance order.
CREATE TRIGGER portal_version_catalog_update AFTER UPDATE OF shelf_status, open_type, catalog_status, search_vector,
  data_format, share_type, key_areas_type, update_frequency, org_code, category_id, release_time, data_update_time
  ON data_catalog
  FOR EACH STATEMENT EXECUTE FUNCTION portal_version_bump();
--> statement-breakpoint
CREATE TRIGGER portal_version_category AFTER INSERT OR UPDATE OR DELETE ON data_category
  FOR EACH STATEMENT EXECUTE FUNCTION portal_version_bump();
--> statement-breakpoint
CREATE TRIGGER portal_version_depart AFTER INSERT OR UPDATE OR DELETE ON sys_depart
  FOR EACH STATEMENT EXECUTE FUNCTION portal_version_bump();
