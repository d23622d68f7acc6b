/** A line of the cart kept in the browser (the spec's `cart` key) until the server cart
 * takes it over: the same `{id, quantity}` shape guest checkout sends. */
export interface CartLine {
  id: number;
  quantity: number;
}

const KEY = 'cart';
/** The most of one product a line holds; the server checks stock at checkout. */
export const MAX_QUANTITY = 99;

/** The lines in the browser's cart; anything unreadable counts as empty. */
export function cartLines(): CartLine[] {
  try {
    const lines: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    if (!Array.isArray(lines)) return [];
    return lines.filter(
      (line): line is CartLine => Number.isInteger(line?.id) && Number.isInteger(line?.quantity) && line.quantity > 0,
    );
  } catch {
    return [];
  }
}

/** Adds a quantity of a product, to its line when it has one; returns the line's quantity. */
export function addToCart(id: number, quantity: number): number {
  const lines = cartLines();
  const line = lines.find((existing) => existing.id === id);
  const total = Math.min(MAX_QUANTITY, (line?.quantity ?? 0) + quantity);
  const next = line
    ? lines.map((existing) => (existing.id === id ? { id, quantity: total } : existing))
    : [...lines, { id, quantity: total }];
  localStorage.setItem(KEY, JSON.stringify(next));
  return total;
}
