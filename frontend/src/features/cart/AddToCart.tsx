import { useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { toLatinDigits } from '../../shared/digits';
import { useSession } from '../../shared/session/session';
import { toast } from '../../shared/ui/toast';
import { useAddToServerCart } from '../../shared/cart/api';
import { addToCart, MAX_QUANTITY } from '../../shared/cart/localCart';

/** A quantity (Arabic-Indic digits too) and "Add to cart", for a product in stock: into the
 * server cart for a verified client, the browser cart otherwise (design §4). */
export function AddToCart({ productId, inStock }: { productId: number; inStock: boolean }) {
  const intl = useIntl();
  const { user } = useSession();
  const addToServer = useAddToServerCart();
  const [typed, setTyped] = useState('1');
  const quantity = Number.parseInt(toLatinDigits(typed), 10);
  const valid = Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_QUANTITY;
  return (
    <Group align="end" gap="sm" data-testid="add-to-cart">
      <TextInput
        label={intl.formatMessage({ id: 'cart.quantity' })}
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        inputMode="numeric"
        dir="ltr"
        w={96}
        disabled={!inStock}
        error={!valid && inStock ? intl.formatMessage({ id: 'cart.quantity_range' }, { max: MAX_QUANTITY }) : undefined}
      />
      <Button
        disabled={!inStock || !valid}
        loading={addToServer.isPending}
        onClick={async () => {
          let total: number;
          if (user?.verified) {
            // A refusal (too few left) is reported by the API client.
            const answer = await addToServer.mutateAsync({ id: productId, quantity }).catch(() => null);
            if (!answer) return;
            total = answer.data.products.find((line) => line.id === productId)?.quantity ?? quantity;
          } else {
            total = addToCart(productId, quantity);
          }
          toast('success', intl.formatMessage({ id: 'cart.added' }, { quantity: total }));
        }}
      >
        <FormattedMessage id={inStock ? 'cart.add' : 'product.out_of_stock'} />
      </Button>
    </Group>
  );
}
