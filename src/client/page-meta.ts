import type { Language } from '../shared/languages';
import { localizedPath } from '../shared/locale-paths';
import type { PageMeta } from '../shared/page-render';
import {
  fillPolicyText,
  POLICY_PAGES,
  type PolicyPageName,
  type PolicyTrustDetails,
  policyValues,
} from '../shared/policy-pages';
import type { PageContent } from '../shared/site-content';
import { type Messages, say, useLanguage, useMessagesOfPage } from './i18n';
import { useSiteContent } from './site-content-context';

export type { PageMeta } from '../shared/page-render';

/** The pages that have a title and link preview of their own. */
export type PageMetaName = 'home' | 'donate' | 'myGiving' | 'notFound' | PolicyPageName | ApplyPageName;

/** The application forms' pages (`/apply/<kind>`), named for their meta. */
type ApplyPageName = 'applyAdopt' | 'applyFoster' | 'applyVolunteer' | 'applyPartner';

/**
 * What each page puts in its <head>, from the content it is rendered with, in a language (its
 * canonical path that language's; the titles staff write stay English until the content has a field per language).
 */
export function pageMetaOf(
  content: PageContent,
  language: Language,
  messages: Messages,
  trustDetails?: PolicyTrustDetails,
): Record<PageMetaName, PageMeta> {
  const { trust, meta, contact, policies } = content;
  // The server renders a policy page with the trust's details; a page without them (the browser's
  // title of a hydrated page) names the trust and the contact address it shows.
  const details = trustDetails ?? { name: trust.name, address: contact.address, pan: '', registration80g: '' };
  const values = policyValues(details, contact, policies);
  const policyMeta = Object.fromEntries(
    POLICY_PAGES.map((name) => [
      name,
      {
        title: `${fillPolicyText(policies[name].title, values)} | ${trust.name}`,
        description: fillPolicyText(policies[name].description, values),
        path: localizedPath(language, `/${name}`),
      },
    ]),
  ) as Record<PolicyPageName, PageMeta>;
  return {
    ...policyMeta,
    home: { title: meta.homeTitle, description: meta.description, path: localizedPath(language, '/') },
    donate: { title: meta.donateTitle, description: meta.donateDescription, path: localizedPath(language, '/donate') },
    myGiving: {
      title: say(messages, 'giving_meta_title', { name: trust.name }),
      description: say(messages, 'giving_meta_description', { name: trust.name }),
      path: localizedPath(language, '/my-giving'),
      noindex: true,
    },
    applyAdopt: {
      title: say(messages, 'apply_meta_title_adopt', { name: trust.name }),
      description: say(messages, 'apply_meta_description_adopt', { name: trust.name }),
      path: localizedPath(language, '/apply/adopt'),
    },
    applyFoster: {
      title: say(messages, 'apply_meta_title_foster', { name: trust.name }),
      description: say(messages, 'apply_meta_description_foster', { name: trust.name }),
      path: localizedPath(language, '/foster'),
    },
    applyVolunteer: {
      title: say(messages, 'apply_meta_title_volunteer', { name: trust.name }),
      description: say(messages, 'apply_meta_description_volunteer', { name: trust.name }),
      path: localizedPath(language, '/volunteer'),
    },
    applyPartner: {
      title: say(messages, 'apply_meta_title_partner', { name: trust.name }),
      description: say(messages, 'apply_meta_description_partner', { name: trust.name }),
      path: localizedPath(language, '/partner'),
    },
    notFound: {
      title: say(messages, 'not_found_meta_title', { name: trust.name }),
      description: meta.description,
      path: null,
    },
  };
}

/** The page's title and description in the content the page shows. */
export function usePageMeta(name: PageMetaName): PageMeta {
  return pageMetaOf(useSiteContent(), useLanguage(), useMessagesOfPage())[name];
}
