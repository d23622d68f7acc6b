import { toast } from '../ui/toast';

/** A file the API makes, asked for with `api` and read as a blob (`parseAs: 'blob'`). */
export type FileCall = () => Promise<{ data?: Blob; response: Response }>;

/** Fetches a file the API makes (an invoice, an export) in the page's language with the
 * session's token, hands it to the browser as a download, and toasts `done` or `failed`. */
export async function downloadFile(call: FileCall, fileName: string, messages: { done: string; failed: string }) {
  try {
    const { data, response } = await call();
    if (!response.ok || !data) throw new Error(String(response.status));
    const url = URL.createObjectURL(data);
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
