export type Line = { id: number; quantity: number };

/** Mint seeds (40 EGP, 250 g, 5 left), peat soil (100 EGP, 6 kg, 50 left) and a WHO class Ib
 * insecticide sold only with the buyer's safety acknowledgement (150 EGP, 250 g, 10 left),
 * priced the way the server does, with the default rule (10 kg free, 5 EGP a kilogram above);
 * `prices` changes a product's price. */
export function priced(lines: Line[], prices: Record<number, number> = {}) {
  const catalogue: Record<number, { name: string; price: number; left: number; kg: number; dangerous?: boolean }> = {
    1: { name: 'Mint seeds', price: 40, left: 5, kg: 0.25 },
    2: { name: 'Peat soil', price: 100, left: 50, kg: 6 },
    3: { name: 'Methomyl 90% SP', price: 150, left: 10, kg: 0.25, dangerous: true },
  };
  const products = lines.map(({ id, quantity }) => {
    const product = { ...catalogue[id]!, price: prices[id] ?? catalogue[id]!.price };
    return {
      id,
      slug: `p-${id}`,
      name: product.name,
      image: null,
      price: product.price,
      sale_price: product.price,
      quantity,
      available_quantity: product.left,
      in_stock: true,
      weight: product.kg,
      line_total: product.price * quantity,
      needs_safety_acknowledgement: product.dangerous ?? false,
    };
  });
  const total_weight = lines.reduce((sum, { id, quantity }) => sum + catalogue[id]!.kg * quantity, 0);
  const over = Math.max(0, Math.ceil(total_weight - 10));
  return {
    data: {
      products,
      total: products.reduce((sum, line) => sum + line.line_total, 0),
      total_weight,
      shipping_value: over * 5,
      free_weight: 10,
      extra_fee_per_kg: 5,
    },
  };
}
