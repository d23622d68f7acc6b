import { currentLanguage } from '../i18n/language';
import { session } from '../session/session';
import { toast } from '../ui/toast';

/** Fetches a file the API makes (an invoice, an export) with the session's token when there is
 * one, hands it to the browser as a download, and toasts `done` or `failed`. */
export async function downloadFile(path: string, fileName: string, messages: { done: string; failed: string }) {
  try {
    const headers: Record<string, string> = { 'Accept-Language': currentLanguage() };
    const token = session.token();
    if (token) headers.Authorization = `Bearer ${token}`;
    const response = await fetch(new URL(`/api/${path}`, window.location.origin), { headers });
    if (!response.ok) throw new Error(String(response.status));
    const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
    const url = URL.createObjectURL(new Blob([await response.arrayBuffer()], { type }));
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
    toast('success', messages.done);
  } catch {
    toast('error', messages.failed);
  }
}
