import { useEffect, useRef } from 'react';
import { Button } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { useLanguage } from '../../shared/i18n/LanguageProvider';
import { session } from '../../shared/session/session';
import { withLoading } from '../../shared/ui/loading';
import { toast } from '../../shared/ui/toast';
import { authApi, pathAfterGoogleLogin } from './api';

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (response: { credential: string }) => void }): void;
      renderButton(parent: HTMLElement, options: Record<string, unknown>): void;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

const SCRIPT = 'https://accounts.google.com/gsi/client';

function loadGoogleScript(): Promise<GoogleIdentity> {
  if (window.google) return Promise.resolve(window.google);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT;
    script.async = true;
    script.onload = () => (window.google ? resolve(window.google) : reject(new Error('Google sign-in did not load')));
    script.onerror = () => reject(new Error('Google sign-in did not load'));
    document.head.appendChild(script);
  });
}

/** Google sign-in. With the redirect flow configured it is a plain link (no third-party
 * script to download); otherwise Google's own button, whose library is loaded from Google
 * only when the shop has a client id. */
export function GoogleButton() {
  const container = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const { language } = useLanguage();
  const providers = useQuery({ queryKey: ['auth', 'providers'], queryFn: authApi.providers, staleTime: Infinity });
  const googleLogin = useMutation({ mutationFn: authApi.loginWithGoogle });
  const redirect = providers.data?.data.google_redirect ?? false;
  const clientId = redirect ? null : providers.data?.data.google_client_id;

  useEffect(() => {
    const parent = container.current;
    if (!clientId || !parent) return;
    loadGoogleScript()
      .then((google) => {
        google.accounts.id.initialize({
          client_id: clientId,
          callback: ({ credential }) => {
            withLoading(googleLogin.mutateAsync(credential))
              .then((answer) => {
                session.signIn(answer.data);
                toast('success', answer.message);
                navigate(pathAfterGoogleLogin(answer.data));
              })
              .catch(() => undefined);
          },
        });
        google.accounts.id.renderButton(parent, { theme: 'outline', size: 'large', locale: language, width: 280 });
      })
      .catch((error: unknown) => console.warn(error));
  }, [clientId, language, googleLogin, navigate]);

  if (redirect) {
    return (
      <Button component="a" href="/api/auth/google/redirect" variant="default" data-testid="google-redirect">
        <FormattedMessage id="auth.google.continue" />
      </Button>
    );
  }
  if (!clientId) return null;
  return <div ref={container} style={{ display: 'flex', justifyContent: 'center' }} />;
}
