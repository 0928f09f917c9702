import type {
  AccountProfile,
  AccountSession,
  ChangePhoneInput,
  DevMailMessage,
  DevSmsMessage,
  LoginResult,
  NotifySettings,
  NotifySettingsInput,
  PasswordChangeInput,
  PhoneLoginInput,
  PhoneVerificationInput,
  PhoneVerificationResult,
  ProfileUpdateInput,
  RealNameInput,
  RegisterInput,
  RegisterResult,
  SmsInput,
} from '@odp/contracts';
import { http } from './client';
import { uploadFile } from './transfer';

/** The account pages show their own failures (注册失败, 验证错误…), so these calls stay silent. */
const silent = { silent: true };

export const sendSms = (input: SmsInput) => http.post<null>('/sys/sms', input, silent);

/** Resolves when the user name (or email) is free; rejects with `用户名已存在!` / `邮箱已存在!`. */
export const checkOnlyUser = (input: { username: string } | { email: string }) =>
  http.post<boolean>('/sys/user/checkOnlyUser', input, silent);

export const register = (input: RegisterInput) => http.post<RegisterResult>('/sys/user/register', input, silent);

export const phoneVerification = (input: PhoneVerificationInput) =>
  http.post<PhoneVerificationResult>('/sys/user/phoneVerification', input, silent);

export const passwordChange = (input: PasswordChangeInput) =>
  http.post<null>('/sys/user/passwordChange', input, silent);

export const phoneLogin = (input: PhoneLoginInput) => http.post<LoginResult>('/sys/phoneLogin', input, silent);

export const getDevSmsInbox = () => http.get<DevSmsMessage[]>('/dev/sms-inbox', undefined, silent);

export const getDevMailInbox = () => http.get<DevMailMessage[]>('/dev/mail-inbox', undefined, silent);

export const getProfile = () => http.get<AccountProfile>('/user/info');

export const updateProfile = (input: ProfileUpdateInput) => http.put<AccountProfile>('/user/info', input);

export const changePhone = (input: ChangePhoneInput) => http.post<AccountProfile>('/user/changePhone', input);

export const submitRealName = (input: RealNameInput) => http.post<AccountProfile>('/user/realName', input);

export const uploadAvatar = (file: File) => uploadFile<AccountProfile>('/user/avatar', file);

export const getSessions = () => http.get<AccountSession[]>('/user/sessions');

export const endSession = (id: string) => http.post<null>('/user/sessions/end', { id });

export const endOtherSessions = () => http.post<null>('/user/sessions/endOthers');

/** 个人中心 › 消息设置: which categories also come by 短信 and 邮件 (the caller's own). */
export const getNotifySettings = () => http.get<NotifySettings>('/api/userManage/notifySettings');

export const saveNotifySettings = (input: NotifySettingsInput) =>
  http.put<NotifySettings>('/api/userManage/notifySettings', input);
