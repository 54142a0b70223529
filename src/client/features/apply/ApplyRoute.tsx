import '../donate/donate.css';
import './apply.css';
import type { ApplicationKind } from '../../../shared/applications';
import type { PageMetaName } from '../../page-meta';
import { usePageMeta } from '../../page-meta';
import { usePageTitle } from '../../use-page-title';
import { ApplyPage } from './ApplyPage';

/*
 * The application pages' chunk (`/apply/adopt`, `/foster`, `/volunteer`,
 * `/partner`, in each language): the donate form's plain fields and stylesheet, no
 * component library, so a phone on a slow network gets the form as fast as it gets /donate's.
 */

function ApplyRoute({ kind, meta }: { kind: ApplicationKind; meta: PageMetaName }) {
  usePageTitle(usePageMeta(meta));
  return <ApplyPage kind={kind} />;
}

export const AdoptApplyRoute = () => <ApplyRoute kind="adopt" meta="applyAdopt" />;
export const FosterApplyRoute = () => <ApplyRoute kind="foster" meta="applyFoster" />;
export const VolunteerApplyRoute = () => <ApplyRoute kind="volunteer" meta="applyVolunteer" />;
export const PartnerApplyRoute = () => <ApplyRoute kind="partner" meta="applyPartner" />;
