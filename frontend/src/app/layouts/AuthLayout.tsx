import { Group, Paper } from '@mantine/core';
import { Outlet } from 'react-router-dom';
import { LanguageSwitch } from '../../shared/ui/LanguageSwitch';
import { Logo } from '../../shared/ui/Logo';

/** Sign-in screens: a card in the middle, the shop's mark and the language switch. */
export function AuthLayout() {
  return (
    <main
      style={{
        minBlockSize: '100vh',
        background: 'var(--mantine-color-green-0)',
        paddingBlock: '2rem',
        paddingInline: '1rem',
      }}
    >
      <Paper withBorder shadow="sm" p="lg" maw={440} mx="auto">
        <Group justify="space-between" mb="md">
          <Logo />
          <LanguageSwitch />
        </Group>
        <Outlet />
      </Paper>
    </main>
  );
}
