/** Replaces Arabic-Indic (٠–٩) and Eastern Arabic-Indic (۰–۹) digits with Latin ones. */
export function toLatinDigits(value: string): string {
  return value.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => {
    const code = digit.charCodeAt(0);
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
  });
}

/** A whole number typed in a form, as the API document types it: digits in either script as a
 * number, blank as none. Other text goes as it was typed (the type says number, the server
 * reads text too), so the field gets the server's own message rather than a silent blank. */
export function typedWholeNumber(text: string): number | null {
  const latin = toLatinDigits(text.trim());
  if (latin === '') return null;
  return /^-?\d+$/.test(latin) ? Number(latin) : (text as unknown as number);
}
