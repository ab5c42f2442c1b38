/**
 * Sends a request with XMLHttpRequest rather than fetch because only XHR reports upload progress, which the
 * back office shows as a progress bar for files sent over slow connections.
 */
export interface SendResult {
  status: number;
  body: unknown;
}

export interface SendOptions {
  method: 'POST' | 'PUT';
  url: string;
  body: FormData | string;
  /** Set for a JSON body; a FormData body gets its multipart boundary from the browser. */
  contentType?: string;
  onProgress?: (percent: number) => void;
}

export function sendWithProgress({ method, url, body, contentType, onProgress }: SendOptions): Promise<SendResult> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    if (contentType) xhr.setRequestHeader('content-type', contentType);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && onProgress) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    xhr.addEventListener('load', () => resolve({ status: xhr.status, body: parseJson(xhr.responseText) }));
    // Status 0 stands for "no answer at all": offline, or the connection dropped.
    xhr.addEventListener('error', () => resolve({ status: 0, body: null }));
    xhr.addEventListener('abort', () => resolve({ status: 0, body: null }));
    xhr.send(body);
  });
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}
