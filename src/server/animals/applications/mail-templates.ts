import type { EntityManager } from '@mikro-orm/postgresql';
import { APPLICATION_MAIL_STEPS, type ApplicationMailStep } from '../../../shared/application-work.schema';
import { LANGUAGES, type Language } from '../../../shared/languages';
import { audit } from '../../platform/audit/audit';
import { renderMail } from '../../platform/mail/layout';
import type { MailContent } from '../../platform/mail/templates';
import { publishedContact } from '../../platform/site-content/published-contact';
import { actorOf, type StaffActor } from '../../platform/staff/staff-actor';
import { DEFAULT_MAIL_TEMPLATES, type MailTemplateText, NO_ANIMAL_WORDS } from './mail-template-defaults';

/** One template as the console's page shows it: staff's own once saved (`custom`), the default until then. */
export interface ApplicationTemplate extends MailTemplateText {
  step: ApplicationMailStep;
  language: Language;
  custom: boolean;
  updatedBy: string | null;
}

export async function listTemplates(em: EntityManager): Promise<ApplicationTemplate[]> {
  const saved = await em.execute<
    { step: ApplicationMailStep; language: Language; subject: string; body: string; updated_by: string }[]
  >('select step, language, subject, body, updated_by from application_mail_templates');
  return APPLICATION_MAIL_STEPS.flatMap((step) =>
    LANGUAGES.map((language) => {
      const own = saved.find((row) => row.step === step && row.language === language);
      return own
        ? { step, language, subject: own.subject, body: own.body, custom: true, updatedBy: own.updated_by }
        : { step, language, ...DEFAULT_MAIL_TEMPLATES[language][step], custom: false, updatedBy: null };
    }),
  );
}

async function templateOf(em: EntityManager, step: ApplicationMailStep, language: Language): Promise<MailTemplateText> {
  const [own] = await em.execute<MailTemplateText[]>(
    'select subject, body from application_mail_templates where step = ? and language = ?',
    [step, language],
  );
  return own ?? DEFAULT_MAIL_TEMPLATES[language][step];
}

export async function saveTemplate({
  em,
  staff,
  input,
}: {
  em: EntityManager;
  staff: StaffActor;
  input: { step: ApplicationMailStep; language: Language; subject: string; body: string };
}): Promise<ApplicationTemplate> {
  return em.transactional(async (tx) => {
    await tx.execute(
      `insert into application_mail_templates (step, language, subject, body, updated_by) values (?, ?, ?, ?, ?)
       on conflict (step, language) do update set subject = excluded.subject, body = excluded.body,
         updated_by = excluded.updated_by, updated_at = now()`,
      [input.step, input.language, input.subject, input.body, staff.username],
    );
    await audit(tx, actorOf(staff), 'application_templates_saved', { step: input.step, language: input.language });
    return { ...input, custom: true, updatedBy: staff.username };
  });
}

/** Back to the default words: staff's row goes. */
export async function resetTemplate({
  em,
  staff,
  input,
}: {
  em: EntityManager;
  staff: StaffActor;
  input: { step: ApplicationMailStep; language: Language };
}): Promise<ApplicationTemplate> {
  return em.transactional(async (tx) => {
    await tx.execute('delete from application_mail_templates where step = ? and language = ?', [
      input.step,
      input.language,
    ]);
    await audit(tx, actorOf(staff), 'application_templates_saved', { ...input, reset: true });
    return { ...input, ...DEFAULT_MAIL_TEMPLATES[input.language][input.step], custom: false, updatedBy: null };
  });
}

/** Fills the placeholders; a value is text, never markup (renderMail escapes it in the HTML part). */
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(name|animal|trust)\}/g, (_, key: string) => values[key] ?? '');

/**
 * The step's mail to an applicant, in their language, from staff's template (or the default), in
 * the trust's mail layout with its published contact details.
 */
export async function applicationMail(
  em: EntityManager,
  facts: { step: ApplicationMailStep; language: Language; name: string; animalName: string | null },
): Promise<MailContent> {
  const template = await templateOf(em, facts.step, facts.language);
  const contact = await publishedContact(em);
  const values = { name: facts.name, animal: facts.animalName ?? NO_ANIMAL_WORDS[facts.language], trust: contact.name };
  const paragraphs = fill(template.body, values)
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return {
    subject: fill(template.subject, values),
    ...renderMail(
      paragraphs.map((p) => ({ p })),
      undefined,
      undefined,
      facts.language,
      contact,
    ),
  };
}
