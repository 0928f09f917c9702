/** Portal settings (footer, sponsor, external links) by key, as `/api/config/site` returns them. */
export type SiteConfigMap = Record<string, string>;
