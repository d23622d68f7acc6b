import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import { loginPath } from '../../shared/loginPath';
import { answer, api } from '../../shared/api/client';
import { AccountTexts } from '../../shared/i18n/AccountTexts';
import { useSession } from '../../shared/session/session';
import controls from '../../shared/ui/controls.module.css';

/** "Tell me when it is back" under a product out of stock: a client is told once, in the bell
 * and by SMS if they tick it; a guest is led to sign in first. Loaded only for such a page,
 * with the account's texts. */
export default function BackInStock({ productId }: { productId: number }) {
  return (
    <AccountTexts>
      <Ask productId={productId} />
    </AccountTexts>
  );
}

function Ask({ productId }: { productId: number }) {
  const { token } = useSession();
  const location = useLocation();
  const [sms, setSms] = useState(true);
  const [sending, setSending] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  if (!token) {
    return (
      <Link to={loginPath(location)} className={`${controls.link} tap-target`} data-testid="back-in-stock-sign-in">
        <FormattedMessage id="account.back_in_stock.sign_in" />
      </Link>
    );
  }
  if (saved) {
    return (
      <p role="status" className={controls.text} data-testid="back-in-stock-saved">
        {saved}
      </p>
    );
  }
  const ask = async () => {
    setSending(true);
    const done = await answer(
      api.POST('/api/products/{id}/back-in-stock', { params: { path: { id: productId } }, body: { sms } }),
    ).catch(() => null);
    setSending(false);
    if (done) setSaved(done.message);
  };
  return (
    <div className={`${controls.stack} ${controls.stackSm}`} data-testid="back-in-stock">
      <label className={`${controls.text} tap-target`} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <input type="checkbox" checked={sms} onChange={(event) => setSms(event.currentTarget.checked)} />
        <FormattedMessage id="account.back_in_stock.by_sms" />
      </label>
      <button
        type="button"
        className={`${controls.button} ${controls.outline}`}
        disabled={sending}
        aria-busy={sending}
        onClick={ask}
      >
        <FormattedMessage id="account.back_in_stock.ask" />
      </button>
    </div>
  );
}
