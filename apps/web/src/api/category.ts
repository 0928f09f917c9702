import { type CategoryAddInput, type CategoryNode, CategoryTree, type CategoryUpdateInput } from '@odp/contracts';
import { http } from './client';

/** 基础/主题信息资源目录: the tree the back office edits (2 and 3 are the departments). */
export const CATALOGUE_TREE = CategoryTree.category;

export const categoryKeys = {
  all: ['category'] as const,
  tree: (treeItemId: number) => ['category', 'tree', treeItemId] as const,
};

export const getCategoryNodes = (treeItemId: number = CATALOGUE_TREE) =>
  http.get<CategoryNode[]>('/api/category/getNodes', { treeItemId });

export const addCategoryNode = (input: CategoryAddInput) => http.post<CategoryNode>('/api/category/addNodes', input);

export const updateCategoryNode = (input: CategoryUpdateInput) =>
  http.post<CategoryNode>('/api/category/updateNodes', input);

/** Refused by the server (400, in Chinese) while entries or child nodes use the node. */
export const deleteCategoryNode = (id: string) => http.post<unknown>('/api/category/deleteNodes', { id });
