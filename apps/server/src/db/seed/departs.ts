/** 滨江市: the bureau under the city root, municipal departments, then districts and counties. */
export const CITY = { departName: '滨江市人民政府', orgCode: 'BJ', address: '滨江市滨江大道 1 号' };

export const MUNICIPAL_DEPARTS = [
  ['BJ001', '滨江市大数据管理局', '大数据局'],
  ['BJ002', '滨江市公安局', '公安局'],
  ['BJ003', '滨江市交通运输局', '交通运输局'],
  ['BJ004', '滨江市生态环境局', '生态环境局'],
  ['BJ005', '滨江市卫生健康委员会', '卫健委'],
  ['BJ006', '滨江市教育局', '教育局'],
  ['BJ007', '滨江市市场监督管理局', '市场监管局'],
  ['BJ008', '滨江市自然资源和规划局', '自然资源和规划局'],
  ['BJ009', '滨江市人力资源和社会保障局', '人社局'],
  ['BJ010', '滨江市民政局', '民政局'],
  ['BJ011', '滨江市住房和城乡建设局', '住建局'],
  ['BJ012', '滨江市统计局', '统计局'],
  ['BJ013', '滨江市应急管理局', '应急管理局'],
  ['BJ014', '滨江市气象局', '气象局'],
] as const;

export const DISTRICTS = [
  ['BJQ01', '东湖区'],
  ['BJQ02', '西城区'],
  ['BJQ03', '南湖区'],
  ['BJQ04', '北山区'],
  ['BJQ05', '临江县'],
  ['BJQ06', '青山县'],
] as const;
