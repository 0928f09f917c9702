/** `2026-11-28 14:05` in the visitor's time zone. */
export function minuteText(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The line under 调查问卷's title, on its own page and in 交流互动's left menu. */
export const QUESTIONNAIRE_INTRO = '欢迎参与平台组织的调查，您的意见将帮助我们开放更多、更好用的数据。';
