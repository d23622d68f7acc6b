import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLanguage } from '../../shared/i18n/LanguageProvider';
import { contentQueries } from './api';

/** A content page (about, terms, privacy, refunds): its title and paragraphs. */
export function ContentPage({ slug }: { slug: string }) {
  const { language } = useLanguage();
  const page = useQuery(contentQueries.page(language, slug)).data?.data;
  if (!page) return null;
  return (
    <Stack gap="md" maw={760} data-testid={`page-${slug}`}>
      <Title order={1}>{page.title}</Title>
      {page.body.split(/\n\s*\n/).map((paragraph) => (
        <Text key={paragraph.slice(0, 40)}>{paragraph}</Text>
      ))}
    </Stack>
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
