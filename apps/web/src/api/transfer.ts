import { Constants, type Envelope, Messages } from '@odp/contracts';
import { getSession } from '@/session/session';
import { ApiError, presentError } from './client';

/**
 * Uploads and downloads that the fetch-based client cannot do: upload progress needs
 * XMLHttpRequest, and a POSTed export answers with a file rather than an envelope. Same headers,
 * same error catalogue as `http`.
 */
type TransferOptions = {
  /** 0–100 while the request body goes up. */
  onProgress?: (percent: number) => void;
  /** As for `http`: the caller reports failures itself (401 still ends the session). */
  silent?: boolean;
};

function sendXhr(
  method: 'POST',
  url: string,
  body: FormData | string,
  responseType: 'json' | 'blob',
  options: TransferOptions,
) {
  return new Promise<XMLHttpRequest>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `${Constants.apiBase}${url}`);
    const { token, tenantId } = getSession();
    xhr.setRequestHeader('tenant_id', tenantId);
    if (token) xhr.setRequestHeader('X-Access-Token', token);
    if (typeof body === 'string') xhr.setRequestHeader('Content-Type', 'application/json;charset=UTF-8');
    xhr.responseType = responseType;
    const { onProgress } = options;
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      };
    }
    xhr.onload = () => resolve(xhr);
    xhr.onerror = () => reject(new ApiError(Messages.requestFailed, 0));
    xhr.ontimeout = () => reject(new ApiError(Messages.timeout, 504));
    xhr.send(body);
  });
}

async function envelopeOf(xhr: XMLHttpRequest): Promise<Partial<Envelope<unknown>> | null> {
  try {
    if (xhr.response instanceof Blob) return JSON.parse(await xhr.response.text()) as Partial<Envelope<unknown>>;
    return (xhr.response as Partial<Envelope<unknown>> | null) ?? null;
  } catch {
    return null;
  }
}

async function failWith(xhr: XMLHttpRequest | null, error: unknown, options: TransferOptions): Promise<never> {
  let apiError: ApiError;
  if (xhr) {
    const envelope = await envelopeOf(xhr);
    const status = xhr.status >= 200 && xhr.status < 300 ? (envelope?.code ?? 500) : xhr.status;
    apiError = new ApiError(
      envelope?.message || Messages.requestFailed,
      status,
      envelope?.code ?? status,
      envelope?.result,
    );
  } else {
    apiError = error instanceof ApiError ? error : new ApiError(Messages.requestFailed, 0);
  }
  if (!options.silent || apiError.status === 401) presentError(apiError);
  throw apiError;
}

/** POSTs one file as multipart field `file`; resolves with the envelope's result. */
export async function uploadFile<T>(url: string, file: File, options: TransferOptions = {}): Promise<T> {
  const form = new FormData();
  form.append('file', file);
  let xhr: XMLHttpRequest | null = null;
  try {
    xhr = await sendXhr('POST', url, form, 'json', options);
  } catch (error) {
    return failWith(null, error, options);
  }
  const envelope = xhr.response as Partial<Envelope<T>> | null;
  if (xhr.status >= 200 && xhr.status < 300 && envelope?.success) return envelope.result as T;
  return failWith(xhr, null, options);
}

/** POSTs JSON and receives a file (an export). */
export async function downloadPost(url: string, body: unknown, options: TransferOptions = {}): Promise<Blob> {
  let xhr: XMLHttpRequest | null = null;
  try {
    xhr = await sendXhr('POST', url, JSON.stringify(body), 'blob', options);
  } catch (error) {
    return failWith(null, error, options);
  }
  if (xhr.status >= 200 && xhr.status < 300 && !(xhr.getResponseHeader('Content-Type') ?? '').includes('json')) {
    return xhr.response as Blob;
  }
  return failWith(xhr, null, options);
}

/** Hands a downloaded file to the browser under the given name. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
