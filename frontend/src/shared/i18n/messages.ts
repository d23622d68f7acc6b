import type { Language } from './language';

/** A language's texts, by message id. */
export type Messages = Record<string, string>;

// Each language's texts are a file of their own, so a phone downloads only the one it shows
// (the server preloads it beside the entry: docs/decisions.md).
const files: Record<Language, () => Promise<{ default: Messages }>> = {
  ar: () => import('./ar.json'),
  en: () => import('./en.json'),
};
const loading = new Map<Language, Promise<Messages>>();
const loaded = new Map<Language, Messages>();

/** The language's texts, downloaded once. */
export function loadMessages(language: Language): Promise<Messages> {
  let texts = loading.get(language);
  if (!texts) {
    texts = files[language]().then(
      (file) => {
        loaded.set(language, file.default);
        return file.default;
      },
      (error: unknown) => {
        // Asked again once the network is back.
        loading.delete(language);
        throw error;
      },
    );
    loading.set(language, texts);
  }
  return texts;
}

/** The language's texts if they have come. */
export function loadedMessages(language: Language): Messages | undefined {
  return loaded.get(language);
}
