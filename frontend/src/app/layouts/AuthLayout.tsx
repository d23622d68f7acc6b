import { Outlet } from 'react-router-dom';
import { LanguageSwitch } from '../../shared/ui/LanguageSwitch';
import { Logo } from '../../shared/ui/Logo';
import controls from '../../shared/ui/controls.module.css';

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
      <div
        className={controls.card}
        style={{ padding: 20, maxInlineSize: 440, marginInline: 'auto', boxShadow: 'var(--mantine-shadow-sm)' }}
      >
        <div className={controls.row} style={{ justifyContent: 'space-between', marginBlockEnd: 16 }}>
          <Logo />
          <LanguageSwitch />
        </div>
        <Outlet />
      </div>
    </main>
  );
}
