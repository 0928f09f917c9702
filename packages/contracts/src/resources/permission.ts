/** Permission codes of 资源管理 (application systems and data sources), checked on every route. */
export const ResourcePerm = {
  systemList: 'resource:system:list',
  systemAdd: 'resource:system:add',
  systemEdit: 'resource:system:edit',
  systemDelete: 'resource:system:delete',
  /** Acts on every department's application systems (administrators); others on their own department's. */
  systemAll: 'resource:system:all',
  dataSourceList: 'dataOigin:list',
  dataSourceAdd: 'dataOigin:newlyAdded',
  dataSourceEdit: 'dataOigin:edit',
  dataSourceDelete: 'dataOigin:delete',
  /** Acts on every department's data sources (administrators); others on their own department's. */
  dataSourceAll: 'dataOigin:all',
} as const;
