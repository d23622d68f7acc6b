import { useQuery } from '@tanstack/react-query';
import { useLanguage } from '../../shared/i18n/LanguageProvider';
import controls from '../../shared/ui/controls.module.css';
import { contentQueries } from './api';

/** A content page (about, terms, privacy, refunds): its title and paragraphs. */
export function ContentPage({ slug }: { slug: string }) {
  const { language } = useLanguage();
  const page = useQuery(contentQueries.page(language, slug)).data?.data;
  if (!page) return null;
  return (
    <div className={controls.stack} style={{ maxInlineSize: 760 }} data-testid={`page-${slug}`}>
      <h1 className={`${controls.title} ${controls.h1}`}>{page.title}</h1>
      {page.body.split(/\n\s*\n/).map((paragraph) => (
        <p key={paragraph.slice(0, 40)} className={controls.text}>
          {paragraph}
        </p>
      ))}
    </div>
  );
}

/** The AboutUs screen. */
export const AboutUs = () => <ContentPage slug="about-us" />;
/** The TermsAndConditions screen. */
export const TermsAndConditions = () => <ContentPage slug="terms-and-conditions" />;
/** The PrivacyPolicy screen. */
export const PrivacyPolicy = () => <ContentPage slug="privacy-policy" />;
/** The RefundPolicies screen. */
export const RefundPolicies = () => <ContentPage slug="refund-policies" />;
