import { Suspense, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import { clearLocalCart } from '../../shared/cart/localCart';
import { useCart } from '../../shared/cart/useCart';
import { EmptyCart } from '../../shared/cart/EmptyCart';
import { useSession } from '../../shared/session/session';
import { ClientCheckout } from './ClientCheckout';
import { successPage } from './placement';
import { GuestOrderForm } from './guestOrder';
import { Alert } from '../../shared/ui/fields';
import controls from '../../shared/ui/controls.module.css';

/** Checkout (`/account/checkout`): a verified client checks out the server cart; anyone else
 * chooses "Login & Checkout" or "Continue as Guest" (spec §6). */
export function Checkout() {
  const navigate = useNavigate();
  const { user } = useSession();
  const { cart, loading, onServer } = useCart();
  const [asGuest, setAsGuest] = useState(false);

  if (loading) return null;
  if (!cart || cart.products.length === 0) {
    return <EmptyCart title="checkout.title" />;
  }

  return (
    <div className={controls.stack} style={{ maxInlineSize: 640 }}>
      <h2 className={`${controls.title} ${controls.h2}`}>
        <FormattedMessage id="checkout.title" />
      </h2>
      {onServer ? (
        <ClientCheckout cart={cart} />
      ) : asGuest ? (
        <Suspense fallback={null}>
          <GuestOrderForm
            cart={cart}
            source="guest"
            onPlaced={(placed) => {
              clearLocalCart();
              // The success page says it all (a toast covered its heading).
              navigate(...successPage(placed));
            }}
          />
        </Suspense>
      ) : (
        <div className={controls.card} data-testid="checkout-choice">
          <div className={`${controls.stack} ${controls.stackSm}`}>
            {user && !user.verified && (
              <Alert color="yellow">
                <FormattedMessage id="checkout.verify_first" />{' '}
                <Link to="/auth/verify-account" className={controls.link}>
                  <FormattedMessage id="checkout.verify_link" />
                </Link>
              </Alert>
            )}
            <div className={controls.row}>
              {!user && (
                <Link to="/auth/login?next=/account/checkout" className={controls.button} style={{ flex: 1 }}>
                  <FormattedMessage id="checkout.login_and_checkout" />
                </Link>
              )}
              <button
                type="button"
                className={`${controls.button} ${user ? '' : controls.plain}`}
                style={{ flex: 1 }}
                onClick={() => setAsGuest(true)}
              >
                <FormattedMessage id="checkout.continue_as_guest" />
              </button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
