import type {
  HomeCataloging,
  HomeCollection,
  HomeDataService,
  HomeDataStatistics,
  HomeShareFigures,
  HomeShareServices,
  HomeToDo,
  HomeWorkOrder,
  MyDataItem,
  MyDataPageQuery,
  Page,
} from '@odp/contracts';
import { http } from './client';

/**
 * The back-office home page's figures. Calls are silent: each widget shows its own failure with a
 * retry, instead of one notice per widget when the server is away.
 */
const silent = { silent: true };

export const homeKeys = {
  all: ['home'] as const,
  provide: ['home', 'provide'] as const,
  use: ['home', 'use'] as const,
  shareFigures: ['home', 'shareFigures'] as const,
  work: ['home', 'work'] as const,
  todo: ['home', 'work', 'todo'] as const,
  workOrder: ['home', 'work', 'order'] as const,
  cataloging: ['home', 'cataloging'] as const,
  collection: ['home', 'collection'] as const,
  dataService: ['home', 'dataService'] as const,
  dataStatistics: ['home', 'dataStatistics'] as const,
  myData: (params: object) => ['home', 'myData', params] as const,
};

export const getMyProvideService = () =>
  http.get<HomeShareServices>('/api/shareData/getMyProvideService', undefined, silent);
export const getMyUseService = () => http.get<HomeShareServices>('/api/shareData/getMyUseService', undefined, silent);
export const getDataApply = () => http.get<HomeShareFigures>('/api/shareData/getDataApply', undefined, silent);
export const getToDo = () => http.get<HomeToDo>('/api/workcatalog/getToDo', undefined, silent);
export const getWorkOrder = () => http.get<HomeWorkOrder>('/api/workcatalog/getWorkOrder', undefined, silent);
export const getDataCataloging = () => http.get<HomeCataloging>('/api/cataLog/getDataCataloging', undefined, silent);
export const getDataCollection = () => http.get<HomeCollection>('/api/cataLog/getDataCollection', undefined, silent);
export const getDataService = () => http.get<HomeDataService>('/api/IndexPage/getDataService', undefined, silent);
export const getDataStatistics = () =>
  http.get<HomeDataStatistics>('/api/IndexPage/getDataStatistics', undefined, silent);
export const getMyDataPage = (query: Partial<MyDataPageQuery> & Pick<MyDataPageQuery, 'pageNo' | 'pageSize'>) =>
  http.get<Page<MyDataItem>>('/api/IndexPage/myDataPage', query, silent);
