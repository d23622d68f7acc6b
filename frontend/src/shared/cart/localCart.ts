import { useSyncExternalStore } from 'react';

/** A line of the cart kept in the browser (the spec's `cart` key) until the server cart
 * takes it over: the same `{id, quantity}` shape guest checkout sends. */
export interface CartLine {
  id: number;
  quantity: number;
}

const KEY = 'cart';
/** The most of one product a line holds, as on the server; the server checks stock. */
export const MAX_QUANTITY = 999;

const listeners = new Set<() => void>();
// The raw stored text, so that the snapshot stays the same object while nothing changed.
let cachedText: string | null | undefined;
let cachedLines: CartLine[] = [];

/** The lines in the browser's cart; anything unreadable counts as empty. */
export function cartLines(): CartLine[] {
  const text = localStorage.getItem(KEY);
  if (text === cachedText) return cachedLines;
  cachedText = text;
  try {
    const lines: unknown = JSON.parse(text ?? '[]');
    cachedLines = Array.isArray(lines)
      ? lines.filter(
          (line): line is CartLine =>
            Number.isInteger(line?.id) && Number.isInteger(line?.quantity) && line.quantity > 0,
        )
      : [];
  } catch {
    cachedLines = [];
  }
  return cachedLines;
}

function store(lines: CartLine[]): void {
  if (lines.length) localStorage.setItem(KEY, JSON.stringify(lines));
  else localStorage.removeItem(KEY);
  listeners.forEach((listener) => listener());
}

/** Adds a quantity of a product, to its line when it has one; returns the line's quantity. */
export function addToCart(id: number, quantity: number): number {
  const lines = cartLines();
  const line = lines.find((existing) => existing.id === id);
  const total = Math.min(MAX_QUANTITY, (line?.quantity ?? 0) + quantity);
  store(
    line
      ? lines.map((existing) => (existing.id === id ? { id, quantity: total } : existing))
      : [...lines, { id, quantity: total }],
  );
  return total;
}

/** Sets a product's line to a quantity; 0 removes it. */
export function setCartLine(id: number, quantity: number): void {
  const kept = Math.min(MAX_QUANTITY, Math.max(0, quantity));
  store(
    kept === 0
      ? cartLines().filter((line) => line.id !== id)
      : cartLines().map((line) => (line.id === id ? { id, quantity: kept } : line)),
  );
}

/** Empties the browser cart. */
export function clearLocalCart(): void {
  store([]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changing the cart shows here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The browser cart's lines, re-rendering when they change. */
export function useLocalCart(): CartLine[] {
  return useSyncExternalStore(subscribe, cartLines);
}
