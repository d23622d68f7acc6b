import { useContext, useEffect, type ReactNode } from 'react';
import { DirectionProvider, MantineProvider, MantineThemeContext, useDirection } from '@mantine/core';
import { useLanguage } from '../../i18n/LanguageProvider';
import { readableGrays, theme } from './theme';
import './styles';

function DirectionSync({ rtl }: { rtl: boolean }) {
  const { setDirection } = useDirection();
  useEffect(() => setDirection(rtl ? 'rtl' : 'ltr'), [rtl, setDirection]);
  return null;
}

/** Mantine's theme and the page's direction around a part drawn with Mantine's components. The
 * storefront's first download draws with plain elements, so each part that needs Mantine brings
 * it (`lazyWithMantine`); inside another such part it adds nothing. */
export function MantineScope({ children }: { children: ReactNode }) {
  const outer = useContext(MantineThemeContext);
  const rtl = useLanguage().language === 'ar';
  if (outer) return children;
  return (
    <MantineProvider theme={theme} cssVariablesResolver={readableGrays}>
      <DirectionProvider initialDirection={rtl ? 'rtl' : 'ltr'} detectDirection={false}>
        <DirectionSync rtl={rtl} />
        {children}
      </DirectionProvider>
    </MantineProvider>
  );
}
