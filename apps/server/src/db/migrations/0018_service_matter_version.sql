-- A service matter added, changed or removed changes what the service-matters catalogue's kept
-- counts and pages see (modules/market/cache.ts), as a change of the entry itself does.
CREATE TRIGGER portal_version_service_matter AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON data_catalog_service_matter
  FOR EACH STATEMENT EXECUTE FUNCTION portal_version_bump();
