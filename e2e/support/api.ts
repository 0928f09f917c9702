/** The platform's JSON API from a spec's own code (setup and checks beside the browser). */

export type Envelope<T> = { success: boolean; message: string; result: T };

/** GET, or POST with a JSON body; answers the envelope's `result` and throws on a refusal. */
export async function apiCall<T>(url: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-access-token': token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as Envelope<T>;
  if (!res.ok || !json.success) throw new Error(`${url}: ${res.status} ${json.message}`);
  return json.result;
}

/** A session token of a demo account, signed in over the API (`api` is the server's API base). */
export const apiLogin = async (api: string, username: string, password: string) =>
  (await apiCall<{ token: string }>(`${api}/sys/login`, undefined, { username, password })).token;
