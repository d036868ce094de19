import { ContactBlock } from '@/features/contact/components/contact-block';
import { pageTitles } from '@/config/page-titles';
import { usePageTitle } from '@/components/ui/use-page-title';
import { RecentTools } from '@/features/catalog/components/recent-tools';
import { Banner } from '@/features/home/components/banner';
import { BusinessSummary } from '@/features/home/components/business-summary';
import { WhatWeMake } from '@/features/home/components/what-we-make';
import { CustomerFeedback } from '@/features/reviews/components/customer-feedback';

/** / : the landing page, docs/behaviour.md §2.9 (the footer comes from the root layout). */
export function HomePage() {
  usePageTitle(pageTitles.home);
  return (
    <>
      <Banner />
      <WhatWeMake />
      <BusinessSummary />
      <RecentTools />
      <CustomerFeedback />
      <ContactBlock />
    </>
  );
}
