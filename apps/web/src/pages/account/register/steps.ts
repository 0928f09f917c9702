export const REGISTER_STEPS = ['账号类型', '验证手机', '设置账号', '注册完成'];
export const REGISTER_RESULT_PATH = '/user/register-result';
