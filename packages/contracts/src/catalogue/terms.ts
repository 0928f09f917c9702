/**
 * The catalogue's words that need no validation: its category trees and the dictionaries that name
 * its coded fields. Free of zod, so that the portal can import them (see constants.ts).
 */

/**
 * The portal's category trees (spec §7.3 /api/category): 1 基础信息资源目录 and 主题信息资源目录 (the
 * category tree), 2 部门信息资源目录 (the departments), 3 区县信息资源目录 (the districts, under a
 * root whose parent id is 100000), 10 the top-page tree (the four roots).
 */
export const CategoryTree = { category: 1, depart: 2, district: 3, top: 10 } as const;
export const CATEGORY_TREE_IDS = [1, 2, 3, 10] as const;
export type CategoryTreeId = (typeof CATEGORY_TREE_IDS)[number];
/** The parent id the district tree's root reports (spec §9). */
export const DISTRICT_ROOT_PARENT_ID = '100000';

/** Codes of the four seeded roots; their ids are what getRootNodeId answers. */
export const CategoryRootCode = { basic: 'JC', topic: 'ZT', depart: 'BM', district: 'QX' } as const;

/** The dictionary (sys_dict code) whose items name the values of each coded field of an entry and its data items. */
export const CATALOGUE_DICT = {
  keyAreasType: 'key_areas_type',
  updateFrequency: 'update_frequency',
  openType: 'open_type',
  shareType: 'share_type',
  shareMode: 'share_mode',
  dataFormat: 'data_format',
  dataRange: 'data_range',
  baseLibrary: 'base_library',
  businessDepartment: 'business_department',
  dataType: 'field_data_type',
  openAttribute: 'open_properties',
} as const;
