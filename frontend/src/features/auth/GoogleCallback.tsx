import { useEffect, useRef } from 'react';
import { Loader, Stack } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { session } from '../../shared/session/session';
import { authApi, pathAfterGoogleLogin } from './api';

/** Where Google's redirect flow lands: keeps the token from the URL fragment (never sent to
 * any server), loads the user and goes where a Google sign-in goes. */
export function GoogleCallback() {
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
    window.history.replaceState(null, '', window.location.pathname);
    if (!token) {
      navigate('/auth/login?google=failed', { replace: true });
      return;
    }
    authApi
      .meWithToken(token)
      .then(({ data }) => {
        session.signIn({ ...data, token });
        navigate(pathAfterGoogleLogin(data), { replace: true });
      })
      .catch(() => navigate('/auth/login?google=failed', { replace: true }));
  }, [navigate]);
  return (
    <Stack align="center" py="xl">
      <Loader />
    </Stack>
  );
}
