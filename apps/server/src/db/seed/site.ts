/** Portal settings of the demo city; administrators change them in the database, not in code. */
export const SITE_CONFIG: Record<string, [string, string]> = {
  siteName: ['滨江市公共数据开放平台', '站点名称'],
  sponsor: ['滨江市大数据管理局', '主办单位'],
  address: ['滨江市滨江大道 1 号市民中心 B 座 12 楼', '联系地址'],
  postcode: ['330100', '邮政编码'],
  phone: ['0571-8888 1234', '联系电话'],
  servicePhone: ['12345', '政务服务热线'],
  email: ['opendata@binjiang.gov.cn', '联系邮箱'],
  icp: ['滨ICP备 20260001 号-1', 'ICP 备案号'],
  police: ['滨公网安备 33010002000001 号', '公安备案号'],
  siteCode: ['3301000001', '网站标识码'],
  developerCampUrl: ['https://developer.binjiang.gov.cn', '开发者中心地址'],
};
